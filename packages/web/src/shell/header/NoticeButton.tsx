/**
 * The notification popover (§2): tabs notice (administrators' announcements) and email (the
 * user's alarm notices with their e-mail text), the unread ones of the last 24 hours from the
 * server plus the console's own notes; the badge counts them. Opening one marks it read and goes
 * to its page; clear-all marks them all read (list and badge empty, the pages keep them).
 */
import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Popover, Spin, Tabs, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NoticeEntry } from '../../api/notices';
import { alarmNoticeText } from '../../features/notices/alarm-text';
import { clearAll, readNotice, tabOf, useNoticeFeed, useNotices } from '../notices';
import type { NoticeKind } from '../notices';
import HeaderButton from './HeaderButton';
import { useTimeFormat } from '../../time/zone';

/** One line of the popover, from the server or the console. */
interface Line {
  readonly key: string;
  readonly title: string;
  readonly text: string;
  readonly at: number;
  readonly entry?: NoticeEntry;
}

const PAGE_OF: Readonly<Record<NoticeKind, string>> = { notice: '/notices/info', email: '/notices/alarms' };

function lineOf(entry: NoticeEntry, t: TFunction): Line {
  return {
    key: `${entry.kind}:${entry.id}`,
    title: entry.title,
    text: entry.kind === 'alarm' ? alarmNoticeText(entry, t) : entry.text,
    at: Date.parse(entry.at),
    entry,
  };
}

function NoticeList({
  lines,
  onOpen,
}: {
  readonly lines: readonly Line[];
  readonly onOpen: (l: Line) => void;
}) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  if (lines.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notice.empty')} />;
  return (
    <ul className="fl-notice-list">
      {lines.map((n) => (
        <li key={n.key}>
          {n.entry ? (
            <Typography.Link className="fl-notice-title" onClick={() => onOpen(n)}>
              {n.title}
            </Typography.Link>
          ) : (
            <div className="fl-notice-title">{n.title}</div>
          )}
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
            {n.text}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            <time dateTime={new Date(n.at).toISOString()}>{time.format(n.at)}</time>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

export default function NoticeButton() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const local = useNotices((s) => s.notices);
  const feed = useNoticeFeed();
  const server = feed.data?.items ?? [];
  const total = (feed.data?.total ?? 0) + local.length;

  const linesOf = (kind: NoticeKind): Line[] =>
    [
      ...server.filter((e) => tabOf(e) === kind).map((e) => lineOf(e, t)),
      ...local
        .filter((n) => n.kind === kind)
        .map((n, i) => ({ key: `local:${i}:${n.at}`, title: n.title, text: n.text, at: n.at })),
    ].sort((a, b) => b.at - a.at);

  const openLine = (line: Line) => {
    if (!line.entry) return;
    void readNotice(line.entry).catch(() => undefined);
    setOpen(false);
    void navigate(PAGE_OF[tabOf(line.entry)]);
  };

  const tab = (kind: NoticeKind) => {
    const lines = linesOf(kind);
    return {
      key: kind,
      label: `${t(`shell.notice.${kind}`)} (${lines.length})`,
      children: (
        <>
          {feed.error ? (
            <Typography.Text type="danger">
              {t('notices.popover.loadError', { message: feed.error.message })}
            </Typography.Text>
          ) : feed.isLoading ? (
            <Spin size="small" />
          ) : (
            <NoticeList lines={lines} onOpen={openLine} />
          )}
          <Button
            type="link"
            size="small"
            onClick={() => {
              setOpen(false);
              void navigate(PAGE_OF[kind]);
            }}
          >
            {t('notices.popover.viewAll')}
          </Button>
        </>
      ),
    };
  };

  const content = (
    <div className="fl-notice" data-testid="notice-popover">
      <Tabs size="small" items={[tab('notice'), tab('email')]} />
      <Button
        block
        type="link"
        disabled={total === 0}
        onClick={() => {
          clearAll()
            .then(() => void message.success(t('shell.notice.cleared')))
            .catch((error: unknown) =>
              message.error(t('notices.popover.clearError', { message: (error as Error).message })),
            );
        }}
      >
        {t('shell.notice.clearAll')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} open={open} onOpenChange={setOpen}>
      <span>
        <Badge count={total} size="small" offset={[-6, 6]} overflowCount={99}>
          <HeaderButton label={t('shell.header.notice')} icon={<BellOutlined />} menuOpen={open} />
        </Badge>
      </span>
    </Popover>
  );
}
