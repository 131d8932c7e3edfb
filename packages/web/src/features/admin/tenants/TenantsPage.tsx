/**
 * /admin/tenants (authority 1000, issue 25; spec §1 white-labelling, §3 tenant and tenant user
 * list): the tenants with their branding, created and changed beside a live preview of the brand,
 * and each tenant's user list. The server checks every call again.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTenant } from '../../../api/tenants';
import type { Tenant } from '../../../api/tenants';
import { tenantErrorText } from './tenant-errors';
import TenantEditor from './TenantEditor';
import type { Editing } from './TenantEditor';
import TenantTable from './TenantTable';
import TenantUsers from './TenantUsers';
import { useRefreshTenants, useTenantList } from './use-tenants';

export default function TenantsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useTenantList(page);
  const refresh = useRefreshTenants();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [members, setMembers] = useState<Tenant | null>(null);

  const remove = async (tenant: Tenant): Promise<void> => {
    try {
      await deleteTenant(tenant.id);
      void message.success(t('adminTenants.messages.deleted', { name: tenant.name }));
      if (list.data?.items.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      void message.error(tenantErrorText(error, t));
    }
    await refresh();
  };

  return (
    <Card
      title={t('adminTenants.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('adminTenants.actions.create')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('adminTenants.intro')}
        </Typography.Paragraph>
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('adminTenants.errors.loadFailed', { reason: tenantErrorText(list.error, t) })}
          />
        )}
        <TenantTable
          list={list.data}
          loading={list.isFetching}
          page={page}
          onPage={setPage}
          onEdit={setEditing}
          onUsers={setMembers}
          onDelete={remove}
        />
      </Space>
      <TenantEditor
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <TenantUsers tenant={members} onClose={() => setMembers(null)} />
    </Card>
  );
}
