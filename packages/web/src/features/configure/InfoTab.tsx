/**
 * The info area of a device (spec §2): what identifies it (serial number, unit id, product model,
 * never editable), then its name, description, group, images, colours, camera password and
 * position: a form with the edit right (§4 level 3), else the same read only.
 */
import { Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { canConfigure } from '../../equipment/rights';
import { useDirectory } from '../../equipment/directory';
import EquipmentFilesCard from '../files/EquipmentFilesCard';
import { langOf } from '../monitoring/format';
import InfoForm from './InfoForm';
import InfoReadOnly from './InfoReadOnly';

function Identity({ record }: { readonly record: Equipment }) {
  const { t, i18n } = useTranslation();
  const type = useDirectory((d) => d.types[record.type]);
  const model = type ? `${type.names[langOf(i18n.language)]} (${record.type})` : record.type;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        {
          key: 'serial',
          label: t('configure.info.fields.serial'),
          children:
            record.sn === null ? (
              <Typography.Text type="secondary">{t('configure.info.notes.noSerial')}</Typography.Text>
            ) : (
              <Typography.Text copyable>{record.sn}</Typography.Text>
            ),
        },
        {
          key: 'unid',
          label: t('configure.info.fields.unid'),
          children: <Typography.Text copyable>{record.unid}</Typography.Text>,
        },
        {
          key: 'type',
          label: t('configure.info.fields.type'),
          children: <span data-testid="info-model">{model}</span>,
        },
      ]}
    />
  );
}

export default function InfoTab({ record }: { readonly record: Equipment }) {
  const permission = record.permission;
  const camera = permission.camera === 1;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tab-info">
      <Identity record={record} />
      {canConfigure(permission) ? (
        <InfoForm record={record} camera={camera} />
      ) : (
        <InfoReadOnly record={record} camera={camera} />
      )}
      <EquipmentFilesCard equipmentId={record.id} />
    </Space>
  );
}
