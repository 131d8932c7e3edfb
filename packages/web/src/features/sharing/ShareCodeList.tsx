/**
 * The device's share codes, for its owner and administrators: what each gives, how often it was
 * used, until when, who issued it and whether it may still be redeemed; an active code may be
 * revoked (grants already made from it stay). The codes themselves are never shown again.
 */
import { Button, Popconfirm, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { revokeShareCode } from '../../api/sharing';
import type { Grant, ShareCodeEntry } from '../../api/sharing';
import { useMe } from '../../session/me';
import { codeState } from './access';
import type { CodeState } from './access';
import { useModifySharing, useShareCodes } from './lists';
import SharingListCard from './SharingListCard';
import { useTimeFormat } from '../../time/zone';

const STATE_COLORS: Readonly<Record<CodeState, string>> = {
  active: 'success',
  revoked: 'default',
  expired: 'warning',
  usedUp: 'processing',
};

interface Props {
  readonly record: Equipment;
  readonly isHost: boolean;
  /** The device's grants, to name the grantees who issued codes. */
  readonly grants: readonly Grant[];
}

export default function ShareCodeList({ record, isHost, grants }: Props) {
  const { t } = useTranslation();
  const { format } = useTimeFormat();
  const myId = useMe((s) => s.me?.id);
  const codes = useShareCodes(record.id, true);
  const modify = useModifySharing(record.id);
  const now = Date.now();
  const time = (iso: string | null) => (iso === null ? t('sharing.codes.noEnd') : format(iso));
  const yesNo = (value: boolean) => (value ? t('sharing.yes') : t('sharing.no'));

  const issuer = (userId: number): string => {
    if (userId === myId) return t('sharing.codes.you');
    if (userId === record.ownerId) return t('sharing.codes.owner');
    const grantee = grants.find((g) => g.userId === userId);
    return grantee ? grantee.userName : t('sharing.codes.user', { id: userId });
  };

  const columns: TableColumnsType<ShareCodeEntry> = [
    { key: 'id', title: t('sharing.codes.columns.id'), render: (_, c) => `#${c.id}` },
    { key: 'tier', title: t('sharing.columns.tier'), render: (_, c) => t(`sharing.tiers.${c.level}`) },
    {
      key: 'validity',
      title: t('sharing.codes.columns.validity'),
      render: (_, c) => t(`sharing.validity.${c.validity}`),
    },
    {
      key: 'used',
      title: t('sharing.codes.columns.used'),
      render: (_, c) => t('sharing.codes.usedOf', { used: c.usedCount, max: c.maxCount }),
    },
    { key: 'camera', title: t('sharing.columns.camera'), render: (_, c) => yesNo(c.camera) },
    ...(isHost
      ? [
          {
            key: 'slaves',
            title: t('sharing.columns.slaves'),
            render: (_: unknown, c: ShareCodeEntry) => yesNo(c.slaves),
          },
        ]
      : []),
    { key: 'expires', title: t('sharing.codes.columns.expires'), render: (_, c) => time(c.expiresAt) },
    { key: 'created', title: t('sharing.codes.columns.created'), render: (_, c) => time(c.createdAt) },
    { key: 'issuedBy', title: t('sharing.codes.columns.issuedBy'), render: (_, c) => issuer(c.createdBy) },
    {
      key: 'state',
      title: t('sharing.columns.state'),
      render: (_, c) => {
        const state = codeState(c, now);
        return (
          <Tag color={STATE_COLORS[state]} data-testid={`code-state-${c.id}`}>
            {t(`sharing.codes.state.${state}`)}
          </Tag>
        );
      },
    },
    {
      key: 'actions',
      title: t('sharing.columns.actions'),
      render: (_, c) =>
        codeState(c, now) === 'active' ? (
          <Popconfirm
            title={t('sharing.codes.revokeTitle', { id: c.id })}
            description={t('sharing.codes.revokeConfirm')}
            okText={t('sharing.codes.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => modify(() => revokeShareCode(record.id, c.id))}
          >
            <Button size="small" danger data-testid={`revoke-${c.id}`}>
              {t('sharing.codes.revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <SharingListCard
      title={t('sharing.codes.title')}
      testId="share-codes"
      list={codes}
      columns={columns}
      empty={t('sharing.codes.empty')}
    />
  );
}
