/**
 * /admin/valueAdded (§1 value-added services, §2; issue 25): the entries an administrator manages
 * (all, or one tenant's) or a tenant administrator (their tenant's): service, title, icon, address,
 * tenant and order; created and changed in a dialog, deleted after a confirmation. Adding and
 * changing need WRITE, deleting DELETE.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appsKeys, deleteValueAdded, listAdminValueAdded } from '../../../api/apps';
import type { ValueAddedEntry } from '../../../api/apps';
import { usePoint } from '../../../routes/points';
import RouteIcon from '../../../shell/RouteIcon';
import { failureText } from '../../apps/fields';
import { TenantFilter, TenantName } from './scope-parts';
import { useIsAdministrator, useTenantChoices } from './tenant-scope';
import ValueAddedDialog from './ValueAddedDialog';
import type { ValueAddedEditing } from './ValueAddedDialog';

export default function ValueAddedPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const administrator = useIsAdministrator();
  const tenants = useTenantChoices(administrator);
  const mayWrite = usePoint('write');
  const mayDelete = usePoint('delete');
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<ValueAddedEditing | null>(null);
  const list = useQuery({
    queryKey: appsKeys.adminValueAdded(tenantId),
    queryFn: ({ signal }) => listAdminValueAdded(tenantId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: appsKeys.all });

  const remove = async (entry: ValueAddedEntry): Promise<void> => {
    try {
      await deleteValueAdded(entry.id);
      void message.success(t('apps.valueAdded.deleted', { title: entry.title }));
    } catch (error) {
      void message.error(t('apps.errors.deleteFailed', { message: failureText(error, t) }));
    }
    await refresh();
  };

  const columns: TableColumnsType<ValueAddedEntry> = [
    {
      key: 'title',
      title: t('apps.fields.title'),
      render: (_, e) => (
        <Space size={6}>
          <RouteIcon name={e.icon ?? undefined} />
          <span data-testid={`value-added-title-${e.id}`}>{e.title}</span>
        </Space>
      ),
    },
    { key: 'kind', title: t('apps.fields.kind'), render: (_, e) => t(`apps.kinds.${e.kind}`) },
    {
      key: 'url',
      title: t('apps.fields.target'),
      render: (_, e) => (
        <Typography.Text ellipsis={{ tooltip: e.url }} style={{ maxWidth: 320 }}>
          {e.url}
        </Typography.Text>
      ),
    },
    ...(administrator
      ? [
          {
            key: 'tenant',
            title: t('apps.fields.tenant'),
            render: (_: unknown, e: ValueAddedEntry) => <TenantName id={e.tenantId} tenants={tenants} />,
          },
        ]
      : []),
    { key: 'sort', title: t('apps.fields.sort'), dataIndex: 'sort', align: 'right' },
    {
      key: 'actions',
      title: t('apps.mine.actions'),
      render: (_, e) => (
        <Space size="small">
          {mayWrite && (
            <Button size="small" onClick={() => setEditing(e)} data-testid={`edit-value-added-${e.id}`}>
              {t('apps.actions.edit')}
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title={t('apps.valueAdded.deleteTitle', { title: e.title })}
              okText={t('apps.actions.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => remove(e)}
            >
              <Button size="small" danger data-testid={`delete-value-added-${e.id}`}>
                {t('apps.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('shell.routes.adminValueAdded')}
      extra={
        mayWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="new-value-added"
          >
            {t('apps.valueAdded.create')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('apps.valueAdded.intro')}
        </Typography.Paragraph>
        {administrator && <TenantFilter value={tenantId} onChange={setTenantId} tenants={tenants} />}
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('apps.errors.loadFailed', { message: failureText(list.error, t) })}
          />
        )}
        <Table<ValueAddedEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={[...(list.data ?? [])]}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: t('apps.valueAdded.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="value-added-table"
        />
      </Space>
      <ValueAddedDialog
        editing={editing}
        administrator={administrator}
        tenants={tenants}
        onClose={() => setEditing(null)}
        onSaved={(title) => {
          void message.success(t('apps.valueAdded.saved', { title }));
          void refresh();
        }}
      />
    </Card>
  );
}
