/**
 * One of a device's sharing lists (its codes, its grants) in a card: the newest page as a table,
 * a note when the list is longer than that page, or why it could not be read.
 */
import { Alert, Card, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sharingErrorText } from './access';
import type { NewestFirst } from './lists';

export default function SharingListCard<T extends { readonly id: number }>({
  title,
  testId,
  list,
  columns,
  empty,
  children,
}: {
  readonly title: string;
  readonly testId: string;
  readonly list: UseQueryResult<NewestFirst<T>>;
  readonly columns: TableColumnsType<T>;
  /** Shown in the table when the list is empty. */
  readonly empty: string;
  /** Drawn after the table (a dialog of the list). */
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} data-testid={testId}>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={t('sharing.loadFailed', { reason: sharingErrorText(list.error, t) })}
        />
      ) : (
        <>
          <Table<T>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items.slice()}
            loading={list.isLoading}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: empty }}
          />
          {list.data && list.data.total > list.data.items.length && (
            <Typography.Text type="secondary">
              {t('sharing.truncated', { shown: list.data.items.length, total: list.data.total })}
            </Typography.Text>
          )}
        </>
      )}
      {children}
    </Card>
  );
}
