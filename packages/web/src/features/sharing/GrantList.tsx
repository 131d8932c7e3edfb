/**
 * Who has access to the device, for its owner and administrators: each grant's user, tier,
 * camera, sub-devices, end and code, expired ones flagged; change a grant or remove it (the
 * access it gave ends at once).
 */
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { removeGrant } from '../../api/sharing';
import type { Grant } from '../../api/sharing';
import GrantEditDialog from './GrantEditDialog';
import { useModifySharing } from './lists';
import type { NewestFirst } from './lists';
import SharingListCard from './SharingListCard';
import { useTimeFormat } from '../../time/zone';

interface Props {
  readonly record: Equipment;
  readonly isHost: boolean;
  /** The grants query (the code list names issuers from it too). */
  readonly grants: UseQueryResult<NewestFirst<Grant>>;
}

export default function GrantList({ record, isHost, grants }: Props) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const modify = useModifySharing(record.id);
  const [editing, setEditing] = useState<Grant | null>(null);
  const yesNo = (value: boolean) => (value ? t('sharing.yes') : t('sharing.no'));

  const columns: TableColumnsType<Grant> = [
    { key: 'user', title: t('sharing.grants.columns.user'), render: (_, g) => g.userName },
    { key: 'tier', title: t('sharing.columns.tier'), render: (_, g) => t(`sharing.tiers.${g.level}`) },
    { key: 'camera', title: t('sharing.columns.camera'), render: (_, g) => yesNo(g.camera) },
    ...(isHost
      ? [
          {
            key: 'slaves',
            title: t('sharing.columns.slaves'),
            render: (_: unknown, g: Grant) => yesNo(g.slaves),
          },
        ]
      : []),
    {
      key: 'until',
      title: t('sharing.grants.columns.until'),
      render: (_, g) => (g.expiresAt === null ? t('sharing.grants.noEnd') : time.format(g.expiresAt)),
    },
    {
      key: 'state',
      title: t('sharing.columns.state'),
      render: (_, g) => (
        <Tag color={g.expired ? 'warning' : 'success'} data-testid={`grant-state-${g.id}`}>
          {t(g.expired ? 'sharing.grants.expired' : 'sharing.grants.running')}
        </Tag>
      ),
    },
    {
      key: 'code',
      title: t('sharing.grants.columns.code'),
      render: (_, g) => (g.shareCodeId === null ? t('sharing.grants.codeGone') : `#${g.shareCodeId}`),
    },
    {
      key: 'actions',
      title: t('sharing.columns.actions'),
      render: (_, g) => (
        <Space size="small">
          <Button size="small" onClick={() => setEditing(g)} data-testid={`change-${g.id}`}>
            {t('sharing.grants.change')}
          </Button>
          <Popconfirm
            title={t('sharing.grants.removeTitle', { user: g.userName, name: record.name })}
            description={t('sharing.grants.removeConfirm')}
            okText={t('sharing.grants.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => modify(() => removeGrant(record.id, g.id))}
          >
            <Button size="small" danger data-testid={`remove-${g.id}`}>
              {t('sharing.grants.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <SharingListCard
      title={t('sharing.grants.title')}
      testId="grants"
      list={grants}
      columns={columns}
      empty={t('sharing.grants.empty')}
    >
      <GrantEditDialog
        equipmentId={record.id}
        isHost={isHost}
        grant={editing}
        onClose={() => setEditing(null)}
        modify={modify}
      />
    </SharingListCard>
  );
}
