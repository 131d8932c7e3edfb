/** A project's wall links: label, who made it and when, expiry, last use; revoked after a confirmation. */
import { Button, Popconfirm, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagramLink } from '../../../api/diagram-links';
import { useTimeFormat } from '../../../time/zone';

export default function LinksTable({
  links,
  loading,
  onRevoke,
}: {
  readonly links: readonly DiagramLink[];
  readonly loading: boolean;
  readonly onRevoke: (link: DiagramLink) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { format } = useTimeFormat();
  const time = (iso: string | null, none: string) => (iso === null ? none : format(iso));
  const columns: TableColumnsType<DiagramLink> = [
    { key: 'label', title: t('diagramLinks.dialog.columns.label'), dataIndex: 'label' },
    {
      key: 'createdBy',
      title: t('diagramLinks.dialog.columns.createdBy'),
      render: (_, link) => link.createdBy?.name ?? t('diagramLinks.dialog.removedUser'),
    },
    {
      key: 'created',
      title: t('diagramLinks.dialog.columns.created'),
      render: (_, link) => time(link.createdAt, ''),
    },
    {
      key: 'expires',
      title: t('diagramLinks.dialog.columns.expires'),
      render: (_, link) =>
        link.expired ? (
          <Tag color="default">{t('diagramLinks.dialog.expired')}</Tag>
        ) : (
          time(link.expiresAt, t('diagramLinks.dialog.never'))
        ),
    },
    {
      key: 'lastUsed',
      title: t('diagramLinks.dialog.columns.lastUsed'),
      render: (_, link) => time(link.lastUsedAt, t('diagramLinks.dialog.notUsed')),
    },
    {
      key: 'actions',
      title: t('diagramLinks.dialog.columns.actions'),
      render: (_, link) => (
        <Popconfirm
          title={t('diagramLinks.dialog.revokeTitle', { label: link.label })}
          description={t('diagramLinks.dialog.revokeConfirm')}
          okText={t('diagramLinks.dialog.revoke')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => onRevoke(link)}
        >
          <Button size="small" danger aria-label={t('diagramLinks.dialog.revokeOf', { label: link.label })}>
            {t('diagramLinks.dialog.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Table<DiagramLink>
      size="small"
      rowKey="id"
      data-testid="link-list"
      loading={loading}
      columns={columns}
      dataSource={links as DiagramLink[]}
      pagination={false}
      locale={{ emptyText: t('diagramLinks.dialog.empty') }}
      scroll={{ x: true }}
    />
  );
}
