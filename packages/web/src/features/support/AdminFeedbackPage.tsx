/**
 * /admin/feedback (authority ≥ 1000): what users sent, newest first, paged on the server, with a
 * switch for unread ones only. A row opens to the whole text, the contact, the browser and the
 * error log attached, as text; opening an unread one marks it read, and its state toggles back.
 * The server checks the level again on every call.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackKeys, listFeedback, markFeedbackRead } from '../../api/feedback';
import type { FeedbackEntry, FeedbackPage } from '../../api/feedback';
import { queryClient } from '../../app/query-client';
import { errorLogText } from './error-log-attachment';
import './support.css';
import { useTimeFormat } from '../../time/zone';

const PAGE_SIZE = 20;
/** The text column shows this much of each; the row opens to all of it. */
const EXCERPT = 80;

const excerpt = (text: string): string => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

function Details({ entry }: { readonly entry: FeedbackEntry }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered data-testid={`feedback-details-${entry.id}`}>
      <Descriptions.Item label={t('support.admin.text')}>
        <div className="fl-support-text">{entry.text}</div>
      </Descriptions.Item>
      <Descriptions.Item label={t('support.admin.contact')}>{entry.contact ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('support.admin.browser')}>{entry.userAgent ?? '—'}</Descriptions.Item>
      <Descriptions.Item
        label={
          entry.errorLog === null
            ? t('support.admin.errorLog')
            : t('support.admin.errorLogCount', { count: entry.errorLog.length })
        }
      >
        {entry.errorLog === null ? (
          <Typography.Text type="secondary">{t('support.admin.noErrorLog')}</Typography.Text>
        ) : (
          <pre className="fl-support-log" data-testid={`feedback-log-${entry.id}`}>
            {errorLogText(entry.errorLog)}
          </pre>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function AdminFeedbackPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const page: FeedbackPage = {
    offset: (current - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(unreadOnly ? { unread: true } : {}),
  };
  const list = useQuery({
    queryKey: feedbackKeys.list(page),
    queryFn: ({ signal }) => listFeedback(page, signal),
    placeholderData: keepPreviousData,
  });
  const mark = async (id: number, read: boolean) => {
    try {
      await markFeedbackRead(id, read);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
    } catch (error) {
      void message.error(t('support.admin.actionError', { message: (error as Error).message }));
    }
  };

  const columns: TableColumnsType<FeedbackEntry> = [
    {
      key: 'at',
      title: t('support.admin.time'),
      width: 180,
      render: (_, f) => time.format(f.at),
    },
    {
      key: 'user',
      title: t('support.admin.user'),
      render: (_, f) => f.user?.name ?? t('support.admin.deletedUser'),
    },
    {
      key: 'category',
      title: t('support.admin.category'),
      render: (_, f) => <Tag>{t(`support.feedback.categories.${f.category}`)}</Tag>,
    },
    { key: 'text', title: t('support.admin.text'), render: (_, f) => excerpt(f.text) },
    {
      key: 'log',
      title: t('support.admin.errorLog'),
      render: (_, f) => (f.errorLog === null ? '—' : f.errorLog.length),
    },
    {
      key: 'state',
      title: t('support.admin.state'),
      width: 200,
      render: (_, f) => (
        <Space size="small">
          {f.readAt === null ? (
            <Tag color="processing">{t('support.admin.unread')}</Tag>
          ) : (
            <Tag>{t('support.admin.read')}</Tag>
          )}
          <Button
            size="small"
            type="link"
            data-testid={`feedback-toggle-${f.id}`}
            onClick={() => void mark(f.id, f.readAt === null)}
          >
            {f.readAt === null ? t('support.admin.markRead') : t('support.admin.markUnread')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('support.admin.title')}
      data-testid="admin-feedback"
      extra={
        <Space size="small">
          <Switch
            size="small"
            checked={unreadOnly}
            onChange={(on) => {
              setUnreadOnly(on);
              setCurrent(1);
            }}
            aria-label={t('support.admin.unreadOnly')}
          />
          <span>{t('support.admin.unreadOnly')}</span>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('support.admin.intro', { count: list.data?.unread ?? 0 })}
      </Typography.Paragraph>
      {list.error ? (
        <Alert type="error" showIcon title={t('support.admin.loadError', { message: list.error.message })} />
      ) : (
        <Table<FeedbackEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items.slice()}
          loading={list.isFetching && !list.data}
          expandable={{
            expandedRowRender: (f) => <Details entry={f} />,
            onExpand: (open, f) => {
              if (open && f.readAt === null) void mark(f.id, true);
            },
          }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('support.admin.total', { count: total }),
            onChange: setCurrent,
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('support.admin.empty') }}
        />
      )}
    </Card>
  );
}
