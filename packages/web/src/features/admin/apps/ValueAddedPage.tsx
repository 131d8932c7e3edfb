/**
 * /admin/valueAdded (§1 value-added services, §2; issue 25): the entries an administrator manages
 * (all, or one tenant's) or a tenant administrator (their tenant's): service, title, icon, address,
 * tenant and order; created and changed in a dialog, deleted after a confirmation. Adding and
 * changing need WRITE, deleting DELETE.
 */
import { Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { appsKeys, deleteValueAdded, listAdminValueAdded } from '../../../api/apps';
import type { ValueAddedEntry } from '../../../api/apps';
import RouteIcon from '../../../shell/RouteIcon';
import { TenantName } from './scope-parts';
import ScopedTable, { actionsColumn } from './ScopedTable';
import { useScopedList } from './use-scoped-list';
import ValueAddedDialog from './ValueAddedDialog';

export default function ValueAddedPage() {
  const { t } = useTranslation();
  const scope = useScopedList<ValueAddedEntry>({
    queryKey: appsKeys.adminValueAdded,
    list: listAdminValueAdded,
    remove: (entry) => deleteValueAdded(entry.id),
    deletedText: (entry) => t('apps.valueAdded.deleted', { title: entry.title }),
    savedText: (title) => t('apps.valueAdded.saved', { title }),
  });

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
    ...(scope.administrator
      ? [
          {
            key: 'tenant',
            title: t('apps.fields.tenant'),
            render: (_: unknown, e: ValueAddedEntry) => (
              <TenantName id={e.tenantId} tenants={scope.tenants} />
            ),
          },
        ]
      : []),
    { key: 'sort', title: t('apps.fields.sort'), dataIndex: 'sort', align: 'right' },
    actionsColumn(scope, t, {
      editTestId: (e) => `edit-value-added-${e.id}`,
      deleteTestId: (e) => `delete-value-added-${e.id}`,
      deleteTitle: (e) => t('apps.valueAdded.deleteTitle', { title: e.title }),
    }),
  ];

  return (
    <ScopedTable
      scope={scope}
      title={t('shell.routes.adminValueAdded')}
      intro={t('apps.valueAdded.intro')}
      createLabel={t('apps.valueAdded.create')}
      createTestId="new-value-added"
      emptyText={t('apps.valueAdded.empty')}
      tableTestId="value-added-table"
      columns={columns}
    >
      <ValueAddedDialog
        editing={scope.editing}
        administrator={scope.administrator}
        tenants={scope.tenants}
        onClose={() => scope.setEditing(null)}
        onSaved={scope.saved}
      />
    </ScopedTable>
  );
}
