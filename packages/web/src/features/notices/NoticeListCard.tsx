/**
 * A page of notices in a card: the newest first, paged on the server, with a switch for unread
 * ones only, a button marking every one read, a time column first and a read-state column whose
 * unread tag marks one read.
 */
import { Alert, App, Button, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeKind } from '../../api/notices';
import { markKindRead, markNoticesRead, PAGE_SIZE } from './lists';
import type { usePaging } from './lists';
import { useTimeFormat } from '../../time/zone';

interface Row {
  readonly id: number;
  readonly read: boolean;
  /** When the notice was posted (ISO instant). */
  readonly at: string;
}

interface Props<T extends Row> {
  readonly kind: NoticeKind;
  readonly title: string;
  readonly intro: string;
  readonly testId: string;
  readonly list: UseQueryResult<{ readonly items: readonly T[]; readonly total: number }>;
  readonly paging: ReturnType<typeof usePaging>;
  /** The columns between the time and the read state. */
  readonly columns: TableColumnsType<T>;
  /** Drawn under a row when it is expanded (a notice's whole text); expanding marks it read. */
  readonly expanded?: (row: T) => ReactNode;
}

export default function NoticeListCard<T extends Row>(props: Props<T>) {
  const { kind, title, intro, testId, list, paging, columns, expanded } = props;
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const failed = (error: unknown) =>
    void message.error(t('notices.list.actionError', { message: (error as Error).message }));

  const timeColumn: TableColumnsType<T>[number] = {
    key: 'at',
    title: t('notices.list.time'),
    width: 180,
    render: (_, row) => time.format(row.at),
  };
  const stateColumn: TableColumnsType<T>[number] = {
    key: 'state',
    title: t('notices.list.state'),
    width: 120,
    render: (_, row) =>
      row.read ? (
        <Tag>{t('notices.list.read')}</Tag>
      ) : (
        <Button
          size="small"
          type="link"
          data-testid={`mark-read-${row.id}`}
          onClick={() => void markNoticesRead(kind, [row.id]).catch(failed)}
        >
          <Tag color="processing">{t('notices.list.unread')}</Tag>
          {t('notices.list.markRead')}
        </Button>
      ),
  };

  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Space wrap>
          <Space size="small">
            <Switch
              size="small"
              checked={paging.unreadOnly}
              onChange={paging.setUnreadOnly}
              aria-label={t('notices.list.unreadOnly')}
            />
            <span>{t('notices.list.unreadOnly')}</span>
          </Space>
          <Button
            size="small"
            onClick={() =>
              void markKindRead(kind)
                .then((count) => void message.success(t('notices.list.markedAll', { count })))
                .catch(failed)
            }
          >
            {t('notices.list.markAllRead')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {list.error ? (
        <Alert type="error" showIcon title={t('notices.list.loadError', { message: list.error.message })} />
      ) : (
        <Table<T>
          size="small"
          rowKey="id"
          columns={[timeColumn, ...columns, stateColumn]}
          dataSource={list.data?.items.slice()}
          loading={list.isFetching && !list.data}
          rowClassName={(row) => (row.read ? '' : 'fl-notice-unread')}
          {...(expanded
            ? {
                expandable: {
                  expandedRowRender: expanded,
                  onExpand: (open: boolean, row: T) => {
                    if (open && !row.read) void markNoticesRead(kind, [row.id]).catch(() => undefined);
                  },
                },
              }
            : {})}
          pagination={{
            current: paging.current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('notices.list.total', { count: total }),
            onChange: paging.setCurrent,
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('notices.list.empty') }}
        />
      )}
    </Card>
  );
}
