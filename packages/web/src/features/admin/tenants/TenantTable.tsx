/**
 * The tenants, a page at a time: key (its sub-domain), name, page title, user-name prefix and how
 * many users it has, with edit, the user list and delete (the server refuses a tenant that still
 * has users or project files, and says so).
 */
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tenant, TenantList } from '../../../api/tenants';
import { PAGE_SIZE } from './use-tenants';

interface Props {
  readonly list: TenantList | undefined;
  readonly loading: boolean;
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly onEdit: (tenant: Tenant) => void;
  readonly onUsers: (tenant: Tenant) => void;
  readonly onDelete: (tenant: Tenant) => Promise<void>;
}

export default function TenantTable({ list, loading, page, onPage, onEdit, onUsers, onDelete }: Props) {
  const { t } = useTranslation();
  const unset = (value: string | null): ReactNode =>
    value ?? <Typography.Text type="secondary">{t('adminTenants.defaultValue')}</Typography.Text>;

  const columns: TableColumnsType<Tenant> = [
    { key: 'key', title: t('adminTenants.columns.key'), render: (_, tenant) => <code>{tenant.key}</code> },
    { key: 'name', title: t('adminTenants.columns.name'), dataIndex: 'name' },
    {
      key: 'pageTitle',
      title: t('adminTenants.columns.pageTitle'),
      render: (_, tenant) => unset(tenant.pageTitle),
    },
    {
      key: 'userNamePrefix',
      title: t('adminTenants.columns.userNamePrefix'),
      render: (_, tenant) =>
        tenant.userNamePrefix ?? <Typography.Text type="secondary">{t('adminTenants.none')}</Typography.Text>,
    },
    {
      key: 'users',
      title: t('adminTenants.columns.users'),
      dataIndex: 'userCount',
      align: 'right',
      width: 96,
    },
    {
      key: 'actions',
      title: t('adminTenants.columns.actions'),
      width: 240,
      render: (_, tenant) => (
        <Space size="small">
          <Button size="small" onClick={() => onEdit(tenant)} data-testid={`edit-${tenant.key}`}>
            {t('adminTenants.actions.edit')}
          </Button>
          <Button size="small" onClick={() => onUsers(tenant)} data-testid={`users-${tenant.key}`}>
            {t('adminTenants.actions.users')}
          </Button>
          <Popconfirm
            title={t('adminTenants.delete.title', { name: tenant.name })}
            description={t('adminTenants.delete.text', { key: tenant.key })}
            okText={t('adminTenants.actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => onDelete(tenant)}
          >
            <Button size="small" danger data-testid={`delete-${tenant.key}`}>
              {t('adminTenants.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<Tenant>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list?.items ?? []}
      loading={loading}
      locale={{ emptyText: t('adminTenants.empty') }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
      }}
      scroll={{ x: 'max-content' }}
      data-testid="tenant-table"
    />
  );
}
