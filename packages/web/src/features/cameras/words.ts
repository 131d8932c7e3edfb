/** How a camera is named in lists and choices: its name, where it comes from, and its state. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../api/cameras';

export interface CameraWords {
  /** 'Video cloud' or 'Stream address'. */
  source(camera: Camera): string;
  /** Serial and channel of a cloud camera, the address of a stream-address camera (owners only see it). */
  where(camera: Camera): string;
  online(camera: Camera): string;
  /** Name and where it is, for a choice among cameras. */
  label(camera: Camera): string;
}

export function useCameraWords(): CameraWords {
  const { t } = useTranslation();
  return useMemo(() => {
    const source = (camera: Camera): string => t(`cameras.lists.sources.${camera.source}`);
    const where = (camera: Camera): string =>
      camera.source === 'cloud'
        ? t('cameras.lists.channel', { serial: camera.serial ?? '', channel: camera.channel ?? 1 })
        : (camera.url ?? '');
    return {
      source,
      where,
      online: (camera) =>
        t(
          camera.online === null
            ? 'cameras.lists.online.unknown'
            : camera.online
              ? 'cameras.lists.online.yes'
              : 'cameras.lists.online.no',
        ),
      label: (camera) => `${camera.name} (${where(camera) || source(camera)})`,
    };
  }, [t]);
}
