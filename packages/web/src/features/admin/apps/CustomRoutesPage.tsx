/**
 * /admin/customRoutes (§2 custom routes; issue 25): the custom routes an administrator manages
 * (all, or one tenant's) or a tenant administrator (their tenant's), with their children, tenant
 * and user-id condition; created and changed in a dialog, deleted after a confirmation. Adding and
 * changing need WRITE, deleting DELETE. A change reads the routes again, the menus' too.
 */
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { appsKeys, deleteCustomRoute, listCustomRoutes } from '../../../api/apps';
import type { CustomRoute } from '../../../api/apps';
import RouteIcon from '../../../shell/RouteIcon';
import CustomRouteDialog from './CustomRouteDialog';
import { ConditionText, TenantName } from './scope-parts';
import ScopedTable, { actionsColumn } from './ScopedTable';
import { useScopedList } from './use-scoped-list';

export default function CustomRoutesPage() {
  const { t } = useTranslation();
  const scope = useScopedList<CustomRoute>({
    queryKey: appsKeys.adminRoutes,
    list: listCustomRoutes,
    remove: (route) => deleteCustomRoute(route.id),
    deletedText: (route) => t('apps.routes.deleted', { title: route.title }),
    savedText: (title) => t('apps.routes.saved', { title }),
  });

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
    ...(scope.administrator
      ? [
          {
            key: 'tenant',
            title: t('apps.fields.tenant'),
            render: (_: unknown, r: CustomRoute) => <TenantName id={r.tenantId} tenants={scope.tenants} />,
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
    actionsColumn(scope, t, {
      editTestId: (r) => `edit-route-${r.name}`,
      deleteTestId: (r) => `delete-route-${r.name}`,
      deleteTitle: (r) => t('apps.routes.deleteTitle', { title: r.title }),
      deleteText: t('apps.routes.deleteText'),
    }),
  ];

  return (
    <ScopedTable
      scope={scope}
      title={t('shell.routes.adminCustomRoutes')}
      intro={scope.administrator ? t('apps.routes.intro') : t('apps.routes.introTenant')}
      createLabel={t('apps.routes.create')}
      createTestId="new-custom-route"
      emptyText={t('apps.routes.empty')}
      tableTestId="custom-routes-table"
      columns={columns}
    >
      <CustomRouteDialog
        editing={scope.editing}
        administrator={scope.administrator}
        tenants={scope.tenants}
        onClose={() => scope.setEditing(null)}
        onSaved={scope.saved}
      />
    </ScopedTable>
  );
}
