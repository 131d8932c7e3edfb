/**
 * /notices/alarms, 'alarm notifications' (§2): the user's alarm notices, newest first, paged,
 * each worded in the user's language, with what became of its mail; a row opened shows its e-mail
 * text and is marked read.
 */
import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmNoticeEntry } from '../../api/notices';
import { alarmNoticeText } from './alarm-text';
import { useAlarmNotices, usePaging } from './lists';
import NoticeListCard from './NoticeListCard';

const MAIL_COLORS: Readonly<Record<AlarmNoticeEntry['mail'], string>> = {
  off: 'default',
  quiet: 'purple',
  pending: 'processing',
  sent: 'success',
  failed: 'error',
};

export default function AlarmNoticesPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useAlarmNotices(paging.page);
  const columns: TableColumnsType<AlarmNoticeEntry> = [
    {
      key: 'equipment',
      title: t('notices.alarms.equipment'),
      render: (_, n) => (
        <Typography.Text strong={!n.read}>
          {n.alarm.equipmentName} <Typography.Text type="secondary">{n.alarm.unid}</Typography.Text>
        </Typography.Text>
      ),
    },
    {
      key: 'alarm',
      title: t('notices.alarms.alarm'),
      render: (_, n) => (
        <Typography.Text type={n.alarm.level === 1 ? 'danger' : 'warning'}>
          {alarmNoticeText(n, t)}
        </Typography.Text>
      ),
    },
    {
      key: 'mail',
      title: t('notices.alarms.mail'),
      render: (_, n) => <Tag color={MAIL_COLORS[n.mail]}>{t(`notices.alarms.mailStates.${n.mail}`)}</Tag>,
    },
  ];
  return (
    <NoticeListCard<AlarmNoticeEntry>
      kind="alarm"
      title={t('notices.alarms.title')}
      intro={t('notices.alarms.intro')}
      testId="alarm-notices"
      list={list}
      paging={paging}
      columns={columns}
      expanded={(n) => (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Typography.Text type="secondary">{t('notices.alarms.emailText')}: </Typography.Text>
          {n.emailText}
        </Typography.Paragraph>
      )}
    />
  );
}
