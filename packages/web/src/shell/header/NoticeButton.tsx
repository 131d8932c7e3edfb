/** The notification popover (§2): notice and e-mail tabs, clear-all empties list and badge. */
import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearNotices, useNotices } from '../notices';
import type { Notice, NoticeKind } from '../notices';
import HeaderButton from './HeaderButton';

function NoticeList({ notices }: { readonly notices: readonly Notice[] }) {
  const { t, i18n } = useTranslation();
  if (notices.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notice.empty')} />;
  return (
    <ul className="fl-notice-list">
      {notices.map((n) => (
        <li key={`${n.at}:${n.title}:${n.text}`}>
          <div className="fl-notice-title">{n.title}</div>
          <div>{n.text}</div>
          <Typography.Text type="secondary">
            <time dateTime={new Date(n.at).toISOString()}>
              {new Date(n.at).toLocaleString(i18n.language)}
            </time>
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
  const notices = useNotices((s) => s.notices);
  const of = (kind: NoticeKind) => notices.filter((n) => n.kind === kind);
  const content = (
    <div className="fl-notice">
      <Tabs
        size="small"
        items={(['notice', 'email'] as const).map((kind) => ({
          key: kind,
          label: `${t(`shell.notice.${kind}`)} (${of(kind).length})`,
          children: <NoticeList notices={of(kind)} />,
        }))}
      />
      <Button
        block
        type="link"
        disabled={notices.length === 0}
        onClick={() => {
          clearNotices();
          void message.success(t('shell.notice.cleared'));
        }}
      >
        {t('shell.notice.clearAll')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} open={open} onOpenChange={setOpen}>
      <span>
        <Badge count={notices.length} size="small" offset={[-6, 6]}>
          <HeaderButton label={t('shell.header.notice')} icon={<BellOutlined />} menuOpen={open} />
        </Badge>
      </span>
    </Popover>
  );
}
