/**
 * A tenant's user list (spec §3: id and name), a page at a time, with an existing account put in
 * by its user name (one of another tenant is moved only after asking) and a member taken out.
 */
import { Alert, App, Button, Drawer, Form, Input, Popconfirm, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTenantUser, removeTenantUser } from '../../../api/tenants';
import type { Tenant, TenantUser } from '../../../api/tenants';
import { isInOtherTenant, tenantErrorText } from './tenant-errors';
import { PAGE_SIZE, useRefreshTenants, useTenantUsers } from './use-tenants';

interface Props {
  /** Closed when null. */
  readonly tenant: Tenant | null;
  readonly onClose: () => void;
}

export default function TenantUsers({ tenant, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={tenant !== null}
      title={tenant ? t('adminTenants.users.title', { name: tenant.name }) : null}
      size={640}
      onClose={onClose}
      destroyOnHidden
    >
      {tenant && <Members tenant={tenant} />}
    </Drawer>
  );
}

function Members({ tenant }: { readonly tenant: Tenant }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const users = useTenantUsers(tenant.id, page);
  const refresh = useRefreshTenants();
  const [form] = Form.useForm<{ userName: string }>();
  const [busy, setBusy] = useState(false);

  const add = async (userName: string, move: boolean): Promise<void> => {
    setBusy(true);
    try {
      const added = await addTenantUser(tenant.id, userName, move);
      const moved = added.previousTenantId !== null && added.previousTenantId !== tenant.id;
      void message.success(
        t(moved ? 'adminTenants.messages.userMoved' : 'adminTenants.messages.userAdded', {
          user: added.userName,
          name: tenant.name,
        }),
      );
      form.resetFields();
      await refresh();
    } catch (error) {
      if (!move && isInOtherTenant(error)) {
        modal.confirm({
          title: t('adminTenants.users.moveTitle', { user: userName }),
          content: t('adminTenants.users.moveText', { name: tenant.name }),
          okText: t('adminTenants.users.move'),
          cancelText: t('common.actions.cancel'),
          onOk: () => add(userName, true),
        });
      } else {
        form.setFields([{ name: 'userName', errors: [tenantErrorText(error, t)] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (user: TenantUser): Promise<void> => {
    try {
      await removeTenantUser(tenant.id, user.id);
      void message.success(
        t('adminTenants.messages.userRemoved', { user: user.userName, name: tenant.name }),
      );
      // The last row of a page gone: the page before it.
      if (users.data?.items.length === 1 && page > 1) setPage(page - 1);
      await refresh();
    } catch (error) {
      void message.error(tenantErrorText(error, t));
    }
  };

  const columns: TableColumnsType<TenantUser> = [
    { key: 'id', title: t('adminTenants.users.id'), dataIndex: 'id', width: 96 },
    { key: 'userName', title: t('adminTenants.users.userName'), dataIndex: 'userName' },
    {
      key: 'actions',
      title: t('adminTenants.columns.actions'),
      width: 120,
      render: (_, user) => (
        <Popconfirm
          title={t('adminTenants.users.removeTitle', { user: user.userName, name: tenant.name })}
          description={t('adminTenants.users.removeText')}
          okText={t('adminTenants.actions.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => remove(user)}
        >
          <Button size="small" danger>
            {t('adminTenants.actions.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form<{ userName: string }>
        form={form}
        layout="inline"
        requiredMark={false}
        onFinish={({ userName }) => void add(userName.trim(), false)}
      >
        <Form.Item
          name="userName"
          label={t('adminTenants.users.add')}
          rules={[
            { required: true, whitespace: true, message: t('adminTenants.validation.userNameRequired') },
          ]}
          style={{ flex: 1 }}
        >
          <Input placeholder={t('adminTenants.users.addPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('adminTenants.actions.add')}
        </Button>
      </Form>
      {users.isError && <Alert type="error" showIcon title={tenantErrorText(users.error, t)} />}
      <Table<TenantUser>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={users.data?.items ?? []}
        loading={users.isFetching}
        locale={{ emptyText: t('adminTenants.users.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        data-testid="tenant-users"
      />
    </Space>
  );
}
