/**
 * The accounts, a page at a time from the server: user name, phone, e-mail, authority with its
 * §2 group, roles, abilities, tenant, status, registration and last sign-in (in the browser's
 * zone and the console's language), with edit and disable/enable. One's own account cannot be
 * disabled: its control says why.
 */
import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUserList, AdminUserRow } from '../../../api/admin-users';
import { useAuthorityName } from './words';
import { useTimeFormat } from '../../../time/zone';

interface Props {
  readonly list: AdminUserList | undefined;
  readonly loading: boolean;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly onPage: (page: number, pageSize: number) => void;
  /** The signed-in administrator's own id. */
  readonly selfId: number | undefined;
  readonly onEdit: (user: AdminUserRow) => void;
  /** Disables (true) or enables the account; settles when the change is done or refused. */
  readonly onDisable: (user: AdminUserRow, disabled: boolean) => Promise<void>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export default function UsersTable({
  list,
  loading,
  page,
  pageSize,
  onPage,
  selfId,
  onEdit,
  onDisable,
}: Props) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const authorityName = useAuthorityName();
  const none = <Typography.Text type="secondary">{t('adminUsers.none')}</Typography.Text>;
  const instant = (iso: string) => time.format(iso);

  const columns: TableColumnsType<AdminUserRow> = [
    {
      key: 'userName',
      title: t('adminUsers.columns.userName'),
      fixed: 'left',
      render: (_, u) => (
        <Space size={4}>
          <span data-testid={`username-${u.userName}`}>{u.userName}</span>
          {u.id === selfId && <Tag>{t('adminUsers.self.tag')}</Tag>}
        </Space>
      ),
    },
    { key: 'phone', title: t('adminUsers.columns.phone'), render: (_, u) => u.phone ?? none },
    { key: 'email', title: t('adminUsers.columns.email'), render: (_, u) => u.email ?? none },
    {
      key: 'authority',
      title: t('adminUsers.columns.authority'),
      render: (_, u) => <span data-testid={`authority-${u.userName}`}>{authorityName(u.authority)}</span>,
    },
    {
      key: 'roles',
      title: t('adminUsers.columns.roles'),
      render: (_, u) =>
        u.roles.length === 0
          ? none
          : u.roles.map((role) => (
              <Tag key={role} color={role === 'admin' ? 'volcano' : role === 'editor' ? 'blue' : undefined}>
                {role}
              </Tag>
            )),
    },
    {
      key: 'abilities',
      title: t('adminUsers.columns.abilities'),
      render: (_, u) => (u.abilities.length === 0 ? none : u.abilities.join(' · ')),
    },
    { key: 'tenant', title: t('adminUsers.columns.tenant'), render: (_, u) => u.tenantName ?? none },
    {
      key: 'status',
      title: t('adminUsers.columns.status'),
      render: (_, u) =>
        u.disabledAt === null ? (
          <Tag color="success" data-testid={`status-${u.userName}`}>
            {t('adminUsers.status.enabled')}
          </Tag>
        ) : (
          <Tooltip title={t('adminUsers.status.disabledAt', { time: instant(u.disabledAt) })}>
            <Tag color="error" data-testid={`status-${u.userName}`}>
              {t('adminUsers.status.disabled')}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'registeredAt',
      title: t('adminUsers.columns.registeredAt'),
      render: (_, u) => instant(u.registeredAt),
    },
    {
      key: 'lastSignInAt',
      title: t('adminUsers.columns.lastSignInAt'),
      render: (_, u) => (u.lastSignInAt === null ? t('adminUsers.never') : instant(u.lastSignInAt)),
    },
    {
      key: 'actions',
      title: t('adminUsers.columns.actions'),
      fixed: 'right',
      render: (_, u) => (
        <Space size="small">
          <Button size="small" onClick={() => onEdit(u)} data-testid={`edit-${u.userName}`}>
            {t('adminUsers.actions.edit')}
          </Button>
          <StatusButton user={u} self={u.id === selfId} onDisable={onDisable} />
        </Space>
      ),
    },
  ];

  return (
    <Table<AdminUserRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list?.items ?? []}
      loading={loading}
      locale={{ emptyText: t('adminUsers.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: list?.total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: (total) => t('adminUsers.total', { count: total }),
        onChange: onPage,
      }}
      scroll={{ x: 'max-content' }}
      data-testid="users-table"
    />
  );
}

function StatusButton({
  user,
  self,
  onDisable,
}: {
  readonly user: AdminUserRow;
  readonly self: boolean;
  readonly onDisable: Props['onDisable'];
}) {
  const { t } = useTranslation();
  const disabled = user.disabledAt !== null;
  if (self) {
    // A disabled button takes no pointer events: the tooltip hangs on a box around it.
    return (
      <Tooltip title={t('adminUsers.self.cannotDisable')}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="disable-self-reason">
          <Button
            size="small"
            danger
            disabled
            style={{ pointerEvents: 'none' }}
            data-testid={`disable-${user.userName}`}
          >
            {t('adminUsers.actions.disable')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  // One confirmation per state: the one that disabled closes for good, the enabling one is new.
  return (
    <Popconfirm
      key={disabled ? 'enable' : 'disable'}
      title={t(disabled ? 'adminUsers.confirm.enableTitle' : 'adminUsers.confirm.disableTitle', {
        user: user.userName,
      })}
      description={t(disabled ? 'adminUsers.confirm.enableText' : 'adminUsers.confirm.disableText')}
      okText={t(disabled ? 'adminUsers.actions.enable' : 'adminUsers.actions.disable')}
      okButtonProps={{ danger: !disabled }}
      cancelText={t('common.actions.cancel')}
      onConfirm={() => onDisable(user, !disabled)}
    >
      {disabled ? (
        <Button size="small" data-testid={`enable-${user.userName}`}>
          {t('adminUsers.actions.enable')}
        </Button>
      ) : (
        <Button size="small" danger data-testid={`disable-${user.userName}`}>
          {t('adminUsers.actions.disable')}
        </Button>
      )}
    </Popconfirm>
  );
}
