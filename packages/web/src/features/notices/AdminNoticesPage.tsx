/**
 * /admin/notices (authority ≥ 1000): post an announcement to everyone or to one tenant's users,
 * and the list of every announcement with its audience, author and readers; one may be deleted.
 * The server checks the level again on every call.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Radio, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeImage } from '@fieldlink/protocol';
import { deleteAnnouncement, listAdminAnnouncements, noticeKeys, postAnnouncement } from '../../api/notices';
import type { AdminAnnouncementEntry } from '../../api/notices';
import { queryClient } from '../../app/query-client';
import { useTenantChoices } from '../admin/apps/tenant-scope';
import { PAGE_SIZE } from './lists';
import { useTimeFormat } from '../../time/zone';

interface PostValues {
  title: string;
  text: string;
  image?: string;
  audience: 'everyone' | 'tenant';
  tenantId?: number;
}

function PostForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PostValues>();
  const [busy, setBusy] = useState(false);
  const audience = Form.useWatch('audience', form);
  // The tenants by name (the page is the administrators').
  const tenants = useTenantChoices(true);
  const required = { required: true, whitespace: true, message: t('notices.admin.required') };

  const submit = async (v: PostValues) => {
    setBusy(true);
    try {
      await postAnnouncement({
        title: v.title.trim(),
        text: v.text.trim(),
        image: v.image?.trim() ? v.image.trim() : null,
        tenantId: v.audience === 'tenant' ? (v.tenantId ?? null) : null,
      });
      void message.success(t('notices.admin.posted'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    } catch (error) {
      void message.error(t('notices.admin.postError', { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<PostValues>
      form={form}
      layout="vertical"
      initialValues={{ audience: 'everyone' }}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 720 }}
      data-testid="announcement-form"
    >
      <Form.Item name="title" label={t('notices.admin.fieldTitle')} rules={[required, { max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="text" label={t('notices.admin.fieldText')} rules={[required, { max: 4000 }]}>
        <Input.TextArea rows={4} maxLength={4000} showCount />
      </Form.Item>
      <Form.Item
        name="image"
        label={t('notices.admin.fieldImage')}
        extra={t('notices.admin.imageHelp')}
        rules={[
          {
            validator: async (_, value: unknown) => {
              if (typeof value !== 'string' || value.trim() === '') return;
              if (!NoticeImage.safeParse(value.trim()).success)
                throw new Error(t('notices.admin.imageInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={1024} />
      </Form.Item>
      <Space align="start" wrap>
        <Form.Item name="audience" label={t('notices.admin.audience')}>
          <Radio.Group
            options={[
              { value: 'everyone', label: t('notices.admin.everyone') },
              { value: 'tenant', label: t('notices.admin.tenantId') },
            ]}
          />
        </Form.Item>
        {audience === 'tenant' && (
          <Form.Item
            name="tenantId"
            label={t('notices.admin.tenantId')}
            rules={[{ required: true, message: t('notices.admin.required') }]}
          >
            <Select<number>
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={[...tenants.options]}
              data-testid="announcement-tenant"
            />
          </Form.Item>
        )}
      </Space>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('notices.admin.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export default function AdminNoticesPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const page = { offset: (current - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: noticeKeys.admin(page),
    queryFn: ({ signal }) => listAdminAnnouncements(page, signal),
    placeholderData: keepPreviousData,
  });
  const remove = async (id: number) => {
    try {
      await deleteAnnouncement(id);
      void message.success(t('notices.admin.deleted'));
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    } catch (error) {
      void message.error(t('notices.list.actionError', { message: (error as Error).message }));
    }
  };
  const columns: TableColumnsType<AdminAnnouncementEntry> = [
    {
      key: 'at',
      title: t('notices.list.time'),
      width: 180,
      render: (_, a) => time.format(a.at),
    },
    { key: 'title', title: t('notices.list.title'), dataIndex: 'title' },
    {
      key: 'audience',
      title: t('notices.admin.audience'),
      render: (_, a) =>
        a.tenantId === null
          ? t('notices.admin.everyone')
          : t('notices.admin.tenant', { name: a.tenantName ?? `#${a.tenantId}` }),
    },
    { key: 'author', title: t('notices.admin.author'), render: (_, a) => a.createdBy?.name ?? '' },
    { key: 'readCount', title: t('notices.admin.readCount'), dataIndex: 'readCount' },
    {
      key: 'actions',
      render: (_, a) => (
        <Popconfirm
          title={t('notices.admin.deleteConfirm')}
          okButtonProps={{ danger: true }}
          okText={t('notices.admin.delete')}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => remove(a.id)}
        >
          <Button size="small" danger data-testid={`delete-announcement-${a.id}`}>
            {t('notices.admin.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('notices.admin.post')}>
        <Alert type="info" showIcon title={t('notices.admin.intro')} style={{ marginBottom: 16 }} />
        <PostForm />
      </Card>
      <Card title={t('notices.admin.title')} data-testid="admin-announcements">
        {list.error ? (
          <Alert type="error" showIcon title={t('notices.list.loadError', { message: list.error.message })} />
        ) : (
          <Table<AdminAnnouncementEntry>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items.slice()}
            loading={list.isFetching && !list.data}
            expandable={{ expandedRowRender: (a) => a.text }}
            pagination={{
              current,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setCurrent,
            }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('notices.list.empty') }}
          />
        )}
      </Card>
    </Space>
  );
}
