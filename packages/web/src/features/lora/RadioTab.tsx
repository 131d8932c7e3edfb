/**
 * The radio screen of a wireless (LoRa) team host (spec 001 § 4, § 7 Wireless (Lora) commands):
 * its radio parameters, the slaves' report interval, the slave table (read again every 5 s while
 * shown) and the auto-configuration commands. Users with the edit right change them; the others
 * read and view them ('no configuration permission currently').
 */
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory, usePermission } from '../../equipment/directory';
import { canConfigure } from '../../equipment/rights';
import { useViewShown } from '../../shell/views/shown';
import { useOperation } from '../monitoring/use-operation';
import AutoConfigCard from './AutoConfigCard';
import RadioParamsCard from './RadioParamsCard';
import SlavesCard from './SlavesCard';
import TimingCard from './TimingCard';

export default function RadioTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const shown = useViewShown();
  const role = useDirectory((d) => d.types[record.type]?.hostRole);
  const permission = usePermission(record.id) ?? record.permission;
  const canEdit = canConfigure(permission);
  const runner = useOperation(record.id);

  // The server refuses LoRa operations on any other type; say so instead of sending them. While
  // the type catalogue is not read yet (role undefined), the screen is drawn.
  if (role !== undefined && role !== 'team') {
    return <Alert type="info" showIcon title={t('rules.lora.notTeam')} data-testid="tab-radio" />;
  }

  const props = { record, runner, canEdit };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tab-radio">
      {canEdit ? null : <Alert type="info" showIcon title={t('rules.lora.readOnly')} />}
      <RadioParamsCard {...props} />
      <TimingCard {...props} />
      <SlavesCard {...props} shown={shown} />
      {canEdit ? <AutoConfigCard record={record} runner={runner} /> : null}
      {runner.prompt}
    </Space>
  );
}
