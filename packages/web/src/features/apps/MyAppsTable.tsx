/**
 * The user's own apps with their review state (pending, approved, or rejected with the reviewer's
 * note), each opened in the host, changed or deleted (after a confirmation). Every value is text.
 */
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppStatus, UserApp } from '../../api/apps';
import RouteIcon from '../../shell/RouteIcon';

interface Props {
  readonly apps: readonly UserApp[];
  readonly loading: boolean;
  readonly mayWrite: boolean;
  readonly mayDelete: boolean;
  readonly onOpen: (app: UserApp) => void;
  readonly onEdit: (app: UserApp) => void;
  readonly onDelete: (app: UserApp) => Promise<void>;
}

export const STATUS_COLOR: Readonly<Record<AppStatus, string>> = {
  pending: 'gold',
  approved: 'success',
  rejected: 'error',
};

export function StatusTag({ app }: { readonly app: UserApp }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLOR[app.status]} data-testid={`app-status-${app.name}`}>
        {t(`apps.status.${app.status}`)}
      </Tag>
      {app.reviewNote && (
        <Typography.Text type="secondary" data-testid={`app-note-${app.name}`}>
          {t('apps.status.note', { note: app.reviewNote })}
        </Typography.Text>
      )}
    </Space>
  );
}

export default function MyAppsTable({ apps, loading, mayWrite, mayDelete, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserApp> = [
    {
      key: 'title',
      title: t('apps.fields.title'),
      render: (_, app) => (
        <Space size={6}>
          <RouteIcon name={app.icon ?? undefined} />
          <span data-testid={`app-title-${app.name}`}>{app.title}</span>
        </Space>
      ),
    },
    { key: 'name', title: t('apps.fields.name'), render: (_, app) => <code>{app.name}</code> },
    {
      key: 'url',
      title: t('apps.fields.url'),
      render: (_, app) => (
        <Typography.Text ellipsis={{ tooltip: app.url }} style={{ maxWidth: 280 }}>
          {app.url}
        </Typography.Text>
      ),
    },
    { key: 'status', title: t('apps.mine.state'), render: (_, app) => <StatusTag app={app} /> },
    {
      key: 'actions',
      title: t('apps.mine.actions'),
      render: (_, app) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => onOpen(app)} data-testid={`open-app-${app.name}`}>
            {t('apps.actions.open')}
          </Button>
          {mayWrite && (
            <Button size="small" onClick={() => onEdit(app)} data-testid={`edit-app-${app.name}`}>
              {t('apps.actions.edit')}
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title={t('apps.mine.deleteTitle', { title: app.title })}
              description={t('apps.mine.deleteText')}
              okText={t('apps.actions.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => onDelete(app)}
            >
              <Button size="small" danger data-testid={`delete-app-${app.name}`}>
                {t('apps.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<UserApp>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={[...apps]}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('apps.mine.empty') }}
      scroll={{ x: 'max-content' }}
      data-testid="my-apps"
    />
  );
}
