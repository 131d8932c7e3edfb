/**
 * /admin/users (issue 25, authority 1000 and up): find accounts by user name, phone or e-mail
 * (the search settles for 500 ms, §9) and by status, a page at a time from the server; change an
 * account's authority, roles and abilities, disable or enable it. The server checks every change
 * again (an administrator cannot disable themself nor leave the administrators).
 */
import { Alert, App, Card, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow, UserSearch } from '../../../api/admin-users';
import { useDebounced } from '../../../components/use-debounced';
import { useMe } from '../../../session/me';
import { SEARCH_DEBOUNCE_MS } from '../../../shell/search';
import { useAdminUsers, useChangeUser } from './use-admin-users';
import UserEditDialog from './UserEditDialog';
import UsersTable from './UsersTable';

/** The longest search the server takes (the contract's AdminUserQuery). */
export const SEARCH_MAX = 64;
export const DEFAULT_PAGE_SIZE = 20;

type Status = 'all' | 'enabled' | 'disabled';

const disabledOf = (status: Status): boolean | undefined =>
  status === 'all' ? undefined : status === 'disabled';

export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const selfId = useMe((s) => s.me?.id);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const searched = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const change = useChangeUser();
  // Another search or status starts from the first page (the page chosen belongs to its filter).
  const filter = `${status}|${searched}`;
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filter, page: next });

  const disabled = disabledOf(status);
  const search: UserSearch = {
    search: searched,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    ...(disabled === undefined ? {} : { disabled }),
  };
  const users = useAdminUsers(search);

  const onDisable = async (user: AdminUserRow, disable: boolean): Promise<void> => {
    try {
      await change(user.id, { disabled: disable });
      void message.success(
        t(disable ? 'adminUsers.messages.disabled' : 'adminUsers.messages.enabled', { user: user.userName }),
      );
    } catch (error) {
      void message.error(
        t('adminUsers.messages.failed', { message: error instanceof Error ? error.message : String(error) }),
      );
    }
  };

  return (
    <Card title={t('shell.routes.adminUsers')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('adminUsers.intro')}
        </Typography.Paragraph>
        <Space wrap>
          <Input.Search
            allowClear
            value={text}
            maxLength={SEARCH_MAX}
            placeholder={t('adminUsers.search.placeholder')}
            aria-label={t('adminUsers.search.label')}
            style={{ width: 280 }}
            onChange={(e) => setText(e.target.value)}
            data-testid="users-search"
          />
          <Select<Status>
            value={status}
            style={{ width: 160 }}
            aria-label={t('adminUsers.status.label')}
            onChange={setStatus}
            options={[
              { value: 'all', label: t('adminUsers.status.all') },
              { value: 'enabled', label: t('adminUsers.status.enabled') },
              { value: 'disabled', label: t('adminUsers.status.disabled') },
            ]}
            data-testid="users-status"
          />
        </Space>
        {users.error && (
          <Alert
            type="error"
            showIcon
            title={t('adminUsers.messages.loadFailed', { message: users.error.message })}
          />
        )}
        <UsersTable
          list={users.data}
          loading={users.isFetching}
          page={page}
          pageSize={pageSize}
          onPage={(next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          }}
          selfId={selfId}
          onEdit={setEditing}
          onDisable={onDisable}
        />
      </Space>
      <UserEditDialog
        user={editing}
        self={editing !== null && editing.id === selfId}
        onClose={() => setEditing(null)}
        change={change}
        onSaved={(user) => void message.success(t('adminUsers.messages.saved', { user: user.userName }))}
      />
    </Card>
  );
}
