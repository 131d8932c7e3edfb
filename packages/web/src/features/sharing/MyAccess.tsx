/**
 * A grantee's own access to a device shared with them (tier, camera, until when), and giving it
 * up (the specification's EquipDelAuth): all their grants on it end, and it leaves their tree.
 */
import { Button, Card, Descriptions, Popconfirm } from 'antd';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment, Permission } from '../../api/equipment';
import { giveUpAccess } from '../../api/sharing';
import { refreshEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { sharingErrorText, tierOf } from './access';
import { useTimeFormat } from '../../time/zone';

interface Props {
  readonly record: Equipment;
  readonly permission: Permission;
}

export default function MyAccess({ record, permission }: Props) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const tier = tierOf(permission);

  const giveUp = async () => {
    setBusy(true);
    try {
      await giveUpAccess(record.id);
      void message.success(t('sharing.mine.gaveUp', { name: record.name }));
      // The device is no longer the user's to see: nothing selected, the tree read anew.
      useEquipmentStore.getState().select(null);
      await refreshEquipment();
    } catch (failure) {
      void message.error(t('sharing.messages.failed', { reason: sharingErrorText(failure, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('sharing.mine.title')}
      data-testid="my-access"
      extra={
        <Popconfirm
          title={t('sharing.mine.giveUpTitle', { name: record.name })}
          description={t('sharing.mine.giveUpConfirm')}
          okText={t('sharing.mine.giveUp')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={giveUp}
        >
          <Button danger loading={busy} data-testid="give-up">
            {t('sharing.mine.giveUp')}
          </Button>
        </Popconfirm>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'tier',
            label: t('sharing.columns.tier'),
            children: tier ? t(`sharing.tiers.${tier}`) : '—',
          },
          {
            key: 'camera',
            label: t('sharing.columns.camera'),
            children: permission.camera === 1 ? t('sharing.yes') : t('sharing.no'),
          },
          {
            key: 'until',
            label: t('sharing.grants.columns.until'),
            children: permission.until ? time.format(permission.until) : t('sharing.grants.noEnd'),
          },
        ]}
      />
    </Card>
  );
}
