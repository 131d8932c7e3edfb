/** One list of cameras: name, source, serial and channel or address, online, linked devices. */
import { Badge, Button, Flex, Popconfirm, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Camera } from '../../api/cameras';
import { monitoringTarget } from '../../equipment/links';
import { useCameraWords } from './words';

export interface CameraActions {
  readonly onEdit: (camera: Camera) => void;
  readonly onDelete: (camera: Camera) => void;
}

export default function CameraTable({
  cameras,
  empty,
  actions,
  testId,
}: {
  readonly cameras: readonly Camera[];
  readonly empty: string;
  /** Changing and removing, for the user's own stream-address cameras. */
  readonly actions?: CameraActions;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  const words = useCameraWords();
  const columns: TableColumnsType<Camera> = [
    { key: 'name', title: t('cameras.lists.columns.name'), dataIndex: 'name' },
    { key: 'source', title: t('cameras.lists.columns.source'), render: (_, c) => words.source(c) },
    { key: 'where', title: t('cameras.lists.columns.where'), render: (_, c) => words.where(c) || '—' },
    {
      key: 'online',
      title: t('cameras.lists.columns.online'),
      render: (_, c) => (
        <Badge
          status={c.online === null ? 'default' : c.online ? 'success' : 'error'}
          text={words.online(c)}
        />
      ),
    },
    {
      key: 'equipment',
      title: t('cameras.lists.columns.equipment'),
      render: (_, c) =>
        c.equipment.length === 0 ? (
          '—'
        ) : (
          <Flex vertical>
            {c.equipment.map((e) => (
              <Link key={e.id} to={monitoringTarget(e.id)}>
                {e.name}
              </Link>
            ))}
          </Flex>
        ),
    },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('cameras.lists.columns.actions'),
      render: (_, c) =>
        c.source === 'url' && c.id !== null ? (
          <Flex gap={4}>
            <Button size="small" type="link" onClick={() => actions.onEdit(c)}>
              {t('cameras.lists.edit')}
            </Button>
            <Popconfirm
              title={t('cameras.lists.deleteConfirm', { name: c.name })}
              onConfirm={() => actions.onDelete(c)}
            >
              <Button size="small" type="link" danger>
                {t('cameras.lists.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : null,
    });
  }
  return (
    <Table<Camera>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={cameras as Camera[]}
      pagination={false}
      locale={{ emptyText: empty }}
      scroll={{ x: true }}
      data-testid={testId}
    />
  );
}
