/**
 * /notices/info, 'notification info' (§2): the administrators' announcements for this user, newest
 * first, paged, with their read state; a row opened shows the whole text and its image and is
 * marked read.
 */
import { Image, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementList } from '../../api/notices';
import { useAnnouncements, usePaging } from './lists';
import NoticeListCard from './NoticeListCard';

type Announcement = AnnouncementList['items'][number];

export function AnnouncementBody({
  item,
}: {
  readonly item: Pick<Announcement, 'text' | 'image' | 'title'>;
}) {
  return (
    <Space align="start" wrap>
      {item.image !== null && <Image width={160} src={item.image} alt={item.title} preview={false} />}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, maxWidth: 720 }}>
        {item.text}
      </Typography.Paragraph>
    </Space>
  );
}

export default function NoticeInfoPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useAnnouncements(paging.page);
  const columns: TableColumnsType<Announcement> = [
    {
      key: 'title',
      title: t('notices.list.title'),
      render: (_, a) => <Typography.Text strong={!a.read}>{a.title}</Typography.Text>,
    },
    {
      key: 'text',
      title: t('notices.list.text'),
      render: (_, a) => (
        <Typography.Text ellipsis style={{ maxWidth: 420 }}>
          {a.text}
        </Typography.Text>
      ),
    },
  ];
  return (
    <NoticeListCard<Announcement>
      kind="announcement"
      title={t('notices.info.title')}
      intro={t('notices.info.intro')}
      testId="notice-info"
      list={list}
      paging={paging}
      columns={columns}
      expanded={(a) => <AnnouncementBody item={a} />}
    />
  );
}
