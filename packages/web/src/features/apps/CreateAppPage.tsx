/**
 * /appaudit/CreatApp (§1 user-created apps, §2): a user registers a micro-app for themselves; they
 * see it at once (in the Apps menu and here), others once an administrator approves it. Their apps
 * are listed with their review state, opened in the host, changed (which sends them back to
 * review) or deleted. Registering and changing need WRITE, deleting DELETE (the route's points).
 */
import { App, Card, Modal, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appsKeys, createApp, deleteApp, updateApp } from '../../api/apps';
import type { UserApp } from '../../api/apps';
import { usePoint } from '../../routes/points';
import { useMe } from '../../session/me';
import { appCreateBody, appFormValues, appPatchBody } from './app-form';
import { userAppPath } from './custom-routes';
import { failureText } from './fields';
import AppForm from './AppForm';
import MyAppsTable from './MyAppsTable';
import { useMyApps } from './use-my-apps';

export default function CreateAppPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const selfId = useMe((s) => s.me?.id);
  const { apps, loading, error } = useMyApps();
  const mayWrite = usePoint('write');
  const mayDelete = usePoint('delete');
  const [editing, setEditing] = useState<UserApp | null>(null);
  const mine = apps.filter((app) => app.ownerId === selfId);
  const refresh = () => client.invalidateQueries({ queryKey: appsKeys.all });

  const remove = async (app: UserApp): Promise<void> => {
    try {
      await deleteApp(app.id);
      void message.success(t('apps.mine.deleted', { title: app.title }));
    } catch (failure) {
      void message.error(t('apps.errors.deleteFailed', { message: failureText(failure, t) }));
    }
    await refresh();
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {mayWrite && (
        <Card title={t('apps.mine.registerTitle')}>
          <Typography.Paragraph type="secondary">{t('apps.mine.intro')}</Typography.Paragraph>
          <AppForm
            onSubmit={async (values) => {
              await createApp(appCreateBody(values));
              void message.success(t('apps.mine.registered', { title: values.title.trim() }));
              await refresh();
            }}
          />
        </Card>
      )}
      <Card title={t('apps.mine.listTitle')}>
        {error && (
          <Typography.Paragraph type="danger">
            {t('apps.errors.loadFailed', { message: failureText(error, t) })}
          </Typography.Paragraph>
        )}
        <MyAppsTable
          apps={mine}
          loading={loading && !error}
          mayWrite={mayWrite}
          mayDelete={mayDelete}
          onOpen={(app) => void navigate(userAppPath(app.id))}
          onEdit={setEditing}
          onDelete={remove}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing ? t('apps.mine.editTitle', { title: editing.title }) : null}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
      >
        {editing && (
          <AppForm
            app={editing}
            initial={appFormValues(editing)}
            testId="app-edit-form"
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const change = appPatchBody(editing, values);
              if (Object.keys(change).length > 0) {
                await updateApp(editing.id, change);
                void message.success(t('apps.mine.saved', { title: editing.title }));
                await refresh();
              }
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Space>
  );
}
