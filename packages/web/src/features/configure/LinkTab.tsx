/**
 * The link area of a device with a link of its own, for its owner and administrators: the link
 * secret and the DTU's registration packet, the open link, the Modbus TCP address, the Modbus
 * slave address and whether the server sets the device's clock. Anyone else (grantees of every
 * level included) is told there is no configuration permission.
 */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useMe } from '../../session/me';
import { mayManageLink } from './link-access';
import LinkClockSyncForm from './LinkClockSyncForm';
import LinkModbusForm from './LinkModbusForm';
import LinkOpenCard from './LinkOpenCard';
import LinkSecretCard from './LinkSecretCard';
import LinkSlaveAddressForm from './LinkSlaveAddressForm';

export default function LinkTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const permission = record.permission;
  const authority = useMe((s) => s.me?.authority);
  if (!mayManageLink(record, permission, authority)) {
    return (
      <Typography.Text type="warning" data-testid="tab-link">
        {t('monitoring.device.noConfig')}
      </Typography.Text>
    );
  }
  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 880 }}
      data-testid="tab-link"
    >
      <LinkSecretCard record={record} />
      <LinkOpenCard record={record} />
      <LinkModbusForm record={record} />
      <LinkSlaveAddressForm record={record} />
      <LinkClockSyncForm record={record} />
    </Space>
  );
}
