/**
 * The frame of an administered list (custom routes, value-added entries): a card with its add
 * button, an introduction, the administrator's tenant filter, a failed read shown above the table,
 * and the table of the page's own columns; plus the column of edit and delete buttons, each shown
 * to those with the right. The page keeps its columns and its dialog (passed as children).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { failureText } from '../../apps/fields';
import { TenantFilter } from './scope-parts';
import type { ScopedList } from './use-scoped-list';

interface Props<T> {
  readonly scope: ScopedList<T>;
  readonly title: string;
  readonly intro: string;
  readonly createLabel: string;
  readonly createTestId: string;
  readonly emptyText: string;
  readonly tableTestId: string;
  readonly columns: TableColumnsType<T>;
  /** The dialog. */
  readonly children: ReactNode;
}

export default function ScopedTable<T extends { readonly id: number }>({
  scope,
  title,
  intro,
  createLabel,
  createTestId,
  emptyText,
  tableTestId,
  columns,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  const { administrator, tenants, list } = scope;
  return (
    <Card
      title={title}
      extra={
        scope.mayWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => scope.setEditing('new')}
            data-testid={createTestId}
          >
            {createLabel}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {intro}
        </Typography.Paragraph>
        {administrator && (
          <TenantFilter value={scope.tenantId} onChange={scope.setTenantId} tenants={tenants} />
        )}
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('apps.errors.loadFailed', { message: failureText(list.error, t) })}
          />
        )}
        <Table<T>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={[...(list.data ?? [])]}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText }}
          scroll={{ x: 'max-content' }}
          data-testid={tableTestId}
        />
      </Space>
      {children}
    </Card>
  );
}

interface ActionWords<T> {
  readonly editTestId: (item: T) => string;
  readonly deleteTestId: (item: T) => string;
  /** The confirmation's question. */
  readonly deleteTitle: (item: T) => string;
  /** The confirmation's explanation, if it needs one. */
  readonly deleteText?: string;
}

/** The last column: edit (WRITE) and delete after a confirmation (DELETE). */
export function actionsColumn<T>(
  scope: ScopedList<T>,
  t: TFunction,
  words: ActionWords<T>,
): TableColumnsType<T>[number] {
  return {
    key: 'actions',
    title: t('apps.mine.actions'),
    render: (_, item) => (
      <Space size="small">
        {scope.mayWrite && (
          <Button size="small" onClick={() => scope.setEditing(item)} data-testid={words.editTestId(item)}>
            {t('apps.actions.edit')}
          </Button>
        )}
        {scope.mayDelete && (
          <Popconfirm
            title={words.deleteTitle(item)}
            {...(words.deleteText === undefined ? {} : { description: words.deleteText })}
            okText={t('apps.actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => scope.remove(item)}
          >
            <Button size="small" danger data-testid={words.deleteTestId(item)}>
              {t('apps.actions.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  };
}
