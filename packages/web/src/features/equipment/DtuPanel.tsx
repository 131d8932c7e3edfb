/**
 * After adding a device: how its owner points the DTU at this server. The address is the host the
 * console was loaded from; the port is the listener's default, as the server does not publish the
 * one it runs on (DTU_PORT, docs/operations.md § DTU listener); the registration packet carries
 * the link secret, shown here once.
 */
import { Button, Card, Descriptions, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreatedEquipment } from '../../api/equipment';

/** The server's default DTU_PORT (server config.ts). */
export const DEFAULT_DTU_PORT = 8899;

/**
 * Where a DTU dials and what it sends first: server address, port and the `SERIAL:secret`
 * registration packet (also the device's link tab). `shown` replaces the packet's text on screen
 * (a masked secret); the copy button copies the packet itself.
 */
export function DtuSettings({ packet, shown }: { readonly packet: string; readonly shown?: string }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('equipment.add.done.server')}>
        <Typography.Text copyable code data-testid="dtu-host">
          {location.hostname}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('equipment.add.done.port')}>
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable code data-testid="dtu-port">
            {String(DEFAULT_DTU_PORT)}
          </Typography.Text>
          <Typography.Text type="secondary">{t('equipment.add.done.portNote')}</Typography.Text>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('equipment.add.done.packet')}>
        <Typography.Text copyable={{ text: packet }} code data-testid="dtu-packet">
          {shown ?? packet}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function DtuPanel({
  equipment,
  onAnother,
}: {
  readonly equipment: CreatedEquipment;
  readonly onAnother: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const packet = `${equipment.sn ?? equipment.unid}:${equipment.linkSecret}`;
  return (
    <Card data-page="AddEquipmentPage" data-testid="dtu-panel" style={{ maxWidth: 720 }}>
      <Result
        status="success"
        title={t('equipment.add.done.title', { name: equipment.name })}
        subTitle={t('equipment.add.done.subtitle')}
        extra={
          <Space>
            <Button type="primary" onClick={() => void navigate(`/Equips?id=${equipment.id}`)}>
              {t('equipment.add.done.show')}
            </Button>
            <Button onClick={onAnother}>{t('equipment.add.done.another')}</Button>
          </Space>
        }
      />
      <DtuSettings packet={packet} />
      <Typography.Paragraph type="warning" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('equipment.add.done.secretNote')}
      </Typography.Paragraph>
    </Card>
  );
}
