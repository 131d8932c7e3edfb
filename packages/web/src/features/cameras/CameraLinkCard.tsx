/**
 * Choosing the camera linked to a device (edit right): one of the user's own cameras, or none.
 * With it, the note of spec §4 on what sharing the device does to its camera.
 */
import { Alert, App, Button, Card, Flex, Select, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cameraListKey,
  equipmentCameraKey,
  keyOfLink,
  linkEquipmentCamera,
  linkOf,
  listCameras,
} from '../../api/cameras';
import type { Camera, CameraLink, EquipmentCamera } from '../../api/cameras';
import { describeError } from '../auth/errors';
import { useCameraWords } from './words';

export default function CameraLinkCard({
  equipmentId,
  reply,
}: {
  readonly equipmentId: number;
  readonly reply: EquipmentCamera;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const words = useCameraWords();
  const list = useQuery({ queryKey: cameraListKey, queryFn: ({ signal }) => listCameras(signal) });
  const current = reply.link === null ? null : keyOfLink(reply.link);
  // The choice follows the link until the user picks another camera.
  const [picked, setPicked] = useState<{ readonly from: string | null; readonly key: string } | null>(null);
  const choice = picked !== null && picked.from === current ? picked.key : current;
  const [saving, setSaving] = useState<'link' | 'unlink' | null>(null);

  const linkable = (list.data?.own ?? []).filter((camera) => linkOf(camera) !== null);
  const chosen = linkable.find((camera) => camera.key === choice);
  const options = linkable.map((camera: Camera) => {
    const label = words.label(camera);
    return { value: camera.key, label, title: label };
  });
  if (current !== null && !linkable.some((camera) => camera.key === current)) {
    // Linked by someone else (the owner) to a camera of theirs: shown, not offered.
    const label = reply.camera?.name ?? t('cameras.link.unknownCamera');
    options.unshift({ value: current, label, title: label });
  }

  const save = async (link: CameraLink | null): Promise<void> => {
    setSaving(link === null ? 'unlink' : 'link');
    try {
      const next = await linkEquipmentCamera(equipmentId, link);
      client.setQueryData(equipmentCameraKey(equipmentId), next);
      setPicked(null);
      void message.success(t(link === null ? 'cameras.link.unlinked' : 'cameras.link.linked'));
      // The lists name the devices each camera is linked to.
      void client.invalidateQueries({ queryKey: cameraListKey });
    } catch (error) {
      void message.error(t('cameras.link.failed', { reason: describeError(error, t) }));
    } finally {
      setSaving(null);
    }
  };

  const chosenLink = chosen ? linkOf(chosen) : null;
  return (
    <Card size="small" title={t('cameras.link.title')} data-testid="camera-link">
      <Flex vertical gap={12}>
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('cameras.link.listFailed', { reason: describeError(list.error, t) })}
          />
        )}
        {list.isSuccess && linkable.length === 0 && (
          <Typography.Text type="secondary" data-testid="no-own-cameras">
            {t('cameras.link.none')}
          </Typography.Text>
        )}
        <Flex gap={8} wrap align="center">
          <Select
            aria-label={t('cameras.link.camera')}
            placeholder={t('cameras.link.choose')}
            style={{ minWidth: 280 }}
            loading={list.isPending}
            value={choice ?? undefined}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(key: string) => setPicked({ from: current, key })}
            data-testid="camera-select"
          />
          <Button
            type="primary"
            disabled={chosenLink === null || choice === current}
            loading={saving === 'link'}
            onClick={() => chosenLink && void save(chosenLink)}
            data-testid="camera-link-save"
          >
            {t('cameras.link.link')}
          </Button>
          {current !== null && (
            <Button
              danger
              loading={saving === 'unlink'}
              onClick={() => void save(null)}
              data-testid="camera-unlink"
            >
              {t('cameras.link.unlink')}
            </Button>
          )}
        </Flex>
        <Alert type="info" showIcon title={t('cameras.link.sharingNote')} data-testid="camera-sharing-note" />
      </Flex>
    </Card>
  );
}
