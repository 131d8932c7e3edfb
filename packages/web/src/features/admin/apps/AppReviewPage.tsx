/**
 * /admin/appReview (§1 user-created apps; issue 25): the apps users registered, by state (pending
 * first), for an administrator all of them and for a tenant administrator their tenant's. Each can
 * be looked at in a new tab (without the console as opener or referrer), approved (others then see
 * it) or rejected with a note its owner reads; an approved app can be withdrawn, a rejected one
 * approved after all. Reviewing needs WRITE.
 */
import { isAppAddress } from '@fieldlink/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appsKeys, listAdminApps, reviewApp } from '../../../api/apps';
import type { AppStatus, UserApp } from '../../../api/apps';
import { usePoint } from '../../../routes/points';
import RouteIcon from '../../../shell/RouteIcon';
import { DESCRIPTION_MAX, failureText } from '../../apps/fields';
import { StatusTag } from '../../apps/MyAppsTable';
import { useTimeFormat } from '../../../time/zone';

const STATES: readonly AppStatus[] = ['pending', 'approved', 'rejected'];

type Decision = 'approve' | 'reject';

interface Reviewing {
  readonly app: UserApp;
  readonly decision: Decision;
}

export default function AppReviewPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AppStatus>('pending');
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  return (
    <Card title={t('shell.routes.adminAppReview')}>
      <Typography.Paragraph type="secondary">{t('apps.review.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={status}
        onChange={(key) => setStatus(key as AppStatus)}
        items={STATES.map((state) => ({ key: state, label: t(`apps.review.tabs.${state}`) }))}
        data-testid="review-tabs"
      />
      <ReviewTable status={status} onReview={(app, decision) => setReviewing({ app, decision })} />
      <ReviewDialog reviewing={reviewing} onClose={() => setReviewing(null)} />
    </Card>
  );
}

function ReviewTable({
  status,
  onReview,
}: {
  readonly status: AppStatus;
  readonly onReview: (app: UserApp, decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const mayReview = usePoint('write');
  const list = useQuery({
    queryKey: appsKeys.adminApps(status),
    queryFn: ({ signal }) => listAdminApps(status, signal),
  });
  const instant = (iso: string | null) => (iso === null ? '—' : time.format(iso));

  const columns: TableColumnsType<UserApp> = [
    {
      key: 'title',
      title: t('apps.fields.title'),
      render: (_, a) => (
        <Space size={6}>
          <RouteIcon name={a.icon ?? undefined} />
          <span data-testid={`review-title-${a.name}`}>{a.title}</span>
        </Space>
      ),
    },
    { key: 'name', title: t('apps.fields.name'), render: (_, a) => <code>{a.name}</code> },
    { key: 'owner', title: t('apps.review.owner'), render: (_, a) => a.ownerName },
    {
      key: 'url',
      title: t('apps.fields.url'),
      render: (_, a) =>
        // Only an http(s) address becomes a link (the server stores no other).
        isAppAddress(a.url) ? (
          <Typography.Link
            href={a.url}
            target="_blank"
            rel="noopener noreferrer"
            ellipsis
            style={{ maxWidth: 260 }}
          >
            {a.url}
          </Typography.Link>
        ) : (
          <Typography.Text>{a.url}</Typography.Text>
        ),
    },
    {
      key: 'description',
      title: t('apps.fields.description'),
      render: (_, a) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: a.description }}
          style={{ maxWidth: 280, margin: 0 }}
        >
          {a.description}
        </Typography.Paragraph>
      ),
    },
    { key: 'createdAt', title: t('apps.review.createdAt'), render: (_, a) => instant(a.createdAt) },
    { key: 'reviewedAt', title: t('apps.review.reviewedAt'), render: (_, a) => instant(a.reviewedAt) },
    { key: 'status', title: t('apps.mine.state'), render: (_, a) => <StatusTag app={a} /> },
    ...(mayReview
      ? [
          {
            key: 'actions',
            title: t('apps.mine.actions'),
            render: (_: unknown, a: UserApp) => (
              <Space size="small">
                {a.status !== 'approved' && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => onReview(a, 'approve')}
                    data-testid={`approve-${a.name}`}
                  >
                    {t('apps.review.approve')}
                  </Button>
                )}
                {a.status !== 'rejected' && (
                  <Button
                    size="small"
                    danger
                    onClick={() => onReview(a, 'reject')}
                    data-testid={`reject-${a.name}`}
                  >
                    {t(a.status === 'approved' ? 'apps.review.withdraw' : 'apps.review.reject')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.loadFailed', { message: failureText(list.error, t) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<UserApp>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={[...(list.data ?? [])]}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t(`apps.review.empty.${status}`) }}
        scroll={{ x: 'max-content' }}
        data-testid={`review-table-${status}`}
      />
    </>
  );
}

function ReviewDialog({
  reviewing,
  onClose,
}: {
  readonly reviewing: Reviewing | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const approve = reviewing?.decision === 'approve';

  const send = async () => {
    if (!reviewing) return;
    setBusy(true);
    setFailure(null);
    try {
      const text = note.trim();
      await reviewApp(reviewing.app.id, { decision: reviewing.decision, note: text === '' ? null : text });
      void message.success(
        t(approve ? 'apps.review.approved' : 'apps.review.rejected', { title: reviewing.app.title }),
      );
      await client.invalidateQueries({ queryKey: appsKeys.all });
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={reviewing !== null}
      title={
        reviewing &&
        t(approve ? 'apps.review.approveTitle' : 'apps.review.rejectTitle', { title: reviewing.app.title })
      }
      okText={t(approve ? 'apps.review.approve' : 'apps.review.reject')}
      okButtonProps={{ danger: !approve, loading: busy }}
      cancelText={t('common.actions.cancel')}
      onOk={() => void send()}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (!open) {
          setNote('');
          setFailure(null);
        }
      }}
      destroyOnHidden
    >
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.saveFailed', { message: failure })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical">
        <Form.Item
          label={t('apps.review.note')}
          extra={t(approve ? 'apps.review.noteApprove' : 'apps.review.noteReject')}
        >
          <Input.TextArea
            rows={3}
            maxLength={DESCRIPTION_MAX}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-label={t('apps.review.note')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
