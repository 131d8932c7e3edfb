/**
 * /admin/customRoutes (§2 custom routes; issue 25): the custom routes an administrator manages
 * (all, or one tenant's) or a tenant administrator (their tenant's), with their children, tenant
 * and user-id condition; created and changed in a dialog, deleted after a confirmation. Adding and
 * changing need WRITE, deleting DELETE. A change reads the routes again, the menus' too.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appsKeys, deleteCustomRoute, listCustomRoutes } from '../../../api/apps';
import type { CustomRoute } from '../../../api/apps';
import { usePoint } from '../../../routes/points';
import RouteIcon from '../../../shell/RouteIcon';
import { failureText } from '../../apps/fields';
import CustomRouteDialog from './CustomRouteDialog';
import type { RouteEditing } from './CustomRouteDialog';
import { ConditionText, TenantFilter, TenantName } from './scope-parts';
import { useIsAdministrator, useTenantChoices } from './tenant-scope';

export default function CustomRoutesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const administrator = useIsAdministrator();
  const tenants = useTenantChoices(administrator);
  const mayWrite = usePoint('write');
  const mayDelete = usePoint('delete');
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<RouteEditing | null>(null);
  const list = useQuery({
    queryKey: appsKeys.adminRoutes(tenantId),
    queryFn: ({ signal }) => listCustomRoutes(tenantId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: appsKeys.all });

  const remove = async (route: CustomRoute): Promise<void> => {
    try {
      await deleteCustomRoute(route.id);
      void message.success(t('apps.routes.deleted', { title: route.title }));
    } catch (error) {
      void message.error(t('apps.errors.deleteFailed', { message: failureText(error, t) }));
    }
    await refresh();
  };

  const columns: TableColumnsType<CustomRoute> = [
    {
      key: 'title',
      title: t('apps.fields.title'),
      render: (_, r) => (
        <Space size={6}>
          <RouteIcon name={r.icon ?? undefined} />
          <span data-testid={`route-title-${r.name}`}>{r.title}</span>
        </Space>
      ),
    },
    { key: 'name', title: t('apps.fields.routeName'), render: (_, r) => <code>/{r.name}</code> },
    ...(administrator
      ? [
          {
            key: 'tenant',
            title: t('apps.fields.tenant'),
            render: (_: unknown, r: CustomRoute) => <TenantName id={r.tenantId} tenants={tenants} />,
          },
        ]
      : []),
    {
      key: 'condition',
      title: t('apps.fields.condition'),
      render: (_, r) => <ConditionText condition={r.condition} />,
    },
    {
      key: 'children',
      title: t('apps.fields.children'),
      render: (_, r) =>
        r.children.length === 0 ? (
          <Typography.Text type="secondary">{t('apps.routes.noChildrenShort')}</Typography.Text>
        ) : (
          r.children.map((c) => (
            <Tag key={c.name} title={c.url}>
              {c.title} <code>/{c.name}</code>
            </Tag>
          ))
        ),
    },
    { key: 'sort', title: t('apps.fields.sort'), dataIndex: 'sort', align: 'right' },
    {
      key: 'actions',
      title: t('apps.mine.actions'),
      render: (_, r) => (
        <Space size="small">
          {mayWrite && (
            <Button size="small" onClick={() => setEditing(r)} data-testid={`edit-route-${r.name}`}>
              {t('apps.actions.edit')}
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title={t('apps.routes.deleteTitle', { title: r.title })}
              description={t('apps.routes.deleteText')}
              okText={t('apps.actions.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => remove(r)}
            >
              <Button size="small" danger data-testid={`delete-route-${r.name}`}>
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
      title={t('shell.routes.adminCustomRoutes')}
      extra={
        mayWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="new-custom-route"
          >
            {t('apps.routes.create')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {administrator ? t('apps.routes.intro') : t('apps.routes.introTenant')}
        </Typography.Paragraph>
        {administrator && <TenantFilter value={tenantId} onChange={setTenantId} tenants={tenants} />}
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('apps.errors.loadFailed', { message: failureText(list.error, t) })}
          />
        )}
        <Table<CustomRoute>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={[...(list.data ?? [])]}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: t('apps.routes.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="custom-routes-table"
        />
      </Space>
      <CustomRouteDialog
        editing={editing}
        administrator={administrator}
        tenants={tenants}
        onClose={() => setEditing(null)}
        onSaved={(title) => {
          void message.success(t('apps.routes.saved', { title }));
          void refresh();
        }}
      />
    </Card>
  );
}
