/**
 * The Cameras tab of the personal center: the video-cloud account, and the cameras the user has
 * ("My cameras": the account's and the stream addresses entered) apart from those of devices
 * shared with them with the camera right ("Shared with me", spec §3).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { camerasKey, cameraListKey, deleteUrlCamera, listCameras } from '../../api/cameras';
import type { Camera } from '../../api/cameras';
import type { Me } from '../../session/me';
import { describeError } from '../auth/errors';
import CameraAccountForm from './CameraAccountForm';
import CameraTable from './CameraTable';
import UrlCameraDialog from './UrlCameraDialog';

export default function CamerasPanel({ me }: { readonly me: Me }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: cameraListKey, queryFn: ({ signal }) => listCameras(signal) });
  const [editing, setEditing] = useState<{ readonly camera: Camera | null } | null>(null);

  const remove = async (camera: Camera): Promise<void> => {
    if (camera.id === null) return;
    try {
      await deleteUrlCamera(camera.id);
      void message.success(t('cameras.lists.deleted'));
    } catch (error) {
      void message.error(t('cameras.lists.deleteFailed', { reason: describeError(error, t) }));
    } finally {
      // Linked devices lose their camera: their camera replies change too.
      void client.invalidateQueries({ queryKey: camerasKey });
    }
  };

  return (
    <Flex vertical gap={16} data-testid="cameras-panel">
      <CameraAccountForm stored={me.cameraParam} status={list.data?.account} />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('cameras.lists.loadFailed', { reason: describeError(list.error, t) })}
        />
      )}
      <Card
        size="small"
        title={t('cameras.lists.own')}
        extra={
          <Button
            icon={<PlusOutlined />}
            onClick={() => setEditing({ camera: null })}
            data-testid="add-url-camera"
          >
            {t('cameras.lists.add')}
          </Button>
        }
      >
        <CameraTable
          cameras={list.data?.own ?? []}
          empty={t('cameras.lists.emptyOwn')}
          actions={{ onEdit: (camera) => setEditing({ camera }), onDelete: (camera) => void remove(camera) }}
          testId="own-cameras"
        />
      </Card>
      <Card size="small" title={t('cameras.lists.shared')}>
        <CameraTable
          cameras={list.data?.shared ?? []}
          empty={t('cameras.lists.emptyShared')}
          testId="shared-cameras"
        />
      </Card>
      <UrlCameraDialog
        open={editing !== null}
        camera={editing?.camera ?? null}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
