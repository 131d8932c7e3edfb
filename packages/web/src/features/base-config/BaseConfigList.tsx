/**
 * The device list of the configuration pages (spec §2 /baseConfig): every base device with its
 * sub-devices nested, their online, alarm and battery state, a search by name or serial number
 * and the status counters as filters. The monitoring tree's windowed list draws it, so thousands
 * of devices scroll as a few do; choosing one opens its configuration.
 */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AddEquipmentButton from '../equipment/AddEquipmentButton';
import FilteredTree from '../monitoring/FilteredTree';
import { baseConfigPath } from './routes';
import { useEquipmentLoaded } from '../../equipment/use-equipment';

export default function BaseConfigList({ selectedId }: { readonly selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEquipmentLoaded();

  return (
    <Card
      size="small"
      title={t('equipment.baseConfig.list')}
      styles={{ body: { padding: 8 } }}
      data-testid="base-config-list"
    >
      <FilteredTree
        texts={{
          search: t('equipment.baseConfig.search'),
          loading: t('equipment.baseConfig.loading'),
          loadError: (message) => t('equipment.baseConfig.loadError', { message }),
          retry: t('equipment.baseConfig.retry'),
          empty: t('equipment.baseConfig.empty'),
        }}
        actions={<AddEquipmentButton />}
        selectedId={selectedId}
        onSelect={(id) => void navigate(baseConfigPath(id))}
      />
    </Card>
  );
}
