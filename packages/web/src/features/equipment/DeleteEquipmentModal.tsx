/**
 * The confirmation before a device goes (spec §2 delete area, §8): it names the device and the
 * sub-devices that go with it, says its history can no longer be read and its shares end, and asks
 * for the device's name to be typed. Deleting cannot be undone and takes all of that with it, so
 * the user has to read which device it is rather than click through a second "OK" by reflex.
 * On success 'equipment information deleted'; on failure 'equipment deletion failed' with the
 * server's reply, and the dialog stays open.
 */
import { Alert, App, Input, Modal, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { removeEquipment } from '../configure/save';

interface Props {
  readonly record: Equipment;
  readonly open: boolean;
  readonly onClose: () => void;
  /** After the server deleted it (the store's refresh follows 1 s later). */
  readonly onDeleted?: () => void;
}

/** The names the user must type and the one shown are compared without outer spaces. */
export const namesMatch = (typed: string, name: string): boolean => typed.trim() === name.trim();

export default function DeleteEquipmentModal({ record, open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isHost = useDirectory((d) => Boolean(d.types[record.type]?.hostRole));
  const subIds = useDirectory((d) => d.subDevicesOf[record.unid]);
  const entries = useDirectory((d) => d.entries);
  const subDevices = useMemo(
    () =>
      (subIds ?? [])
        .map((id) => entries[id])
        .filter((e) => e !== undefined)
        .map((e) => ({ id: e.id, name: e.name, unid: e.unid })),
    [subIds, entries],
  );
  const matches = namesMatch(typed, record.name);

  const close = () => {
    if (pending) return;
    setTyped('');
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!matches || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await removeEquipment(record.id);
      void message.success(t('equipment.delete.done'));
      setTyped('');
      setPending(false);
      onClose();
      onDeleted?.();
    } catch (error) {
      const text = t('equipment.delete.failed', {
        message: error instanceof Error ? error.message : String(error),
      });
      setPending(false);
      setFailure(text);
      void message.error(text);
    }
  };

  return (
    <Modal
      open={open}
      title={t('equipment.delete.title', { name: record.name })}
      okText={t('equipment.delete.confirm')}
      cancelText={t('equipment.delete.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, loading: pending }}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="delete-equipment">
        <Typography.Text>
          {t('equipment.delete.intro', { name: record.name, unid: record.unid })}
        </Typography.Text>
        {subDevices.length > 0 ? (
          <div>
            <Typography.Text strong>
              {t('equipment.delete.subDevices', { count: subDevices.length })}
            </Typography.Text>
            <ul
              data-testid="delete-sub-devices"
              style={{ maxHeight: 160, overflowY: 'auto', margin: '4px 0', paddingInlineStart: 20 }}
            >
              {subDevices.map((s) => (
                <li key={s.id}>
                  {s.name} <Typography.Text type="secondary">({s.unid})</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ) : isHost ? (
          <Typography.Text>{t('equipment.delete.noSubDevices')}</Typography.Text>
        ) : null}
        <Typography.Text>{t('equipment.delete.history')}</Typography.Text>
        <Typography.Text>{t('equipment.delete.shares')}</Typography.Text>
        <label htmlFor={`delete-name-${record.id}`}>
          <Typography.Text>{t('equipment.delete.typeName')} </Typography.Text>
          <Typography.Text strong copyable>
            {record.name}
          </Typography.Text>
        </label>
        <Input
          id={`delete-name-${record.id}`}
          aria-label={t('equipment.delete.typeNameLabel')}
          value={typed}
          autoComplete="off"
          status={typed !== '' && !matches ? 'error' : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => void confirm()}
        />
        {typed !== '' && !matches ? (
          <Typography.Text type="danger">{t('equipment.delete.mismatch')}</Typography.Text>
        ) : null}
        {failure ? <Alert type="error" showIcon message={failure} data-testid="delete-failure" /> : null}
      </Space>
    </Modal>
  );
}
