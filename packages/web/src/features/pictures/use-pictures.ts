/**
 * The pictures of a space (every directory of it, pictures only), and the picker's uploads and
 * deletions. Names are checked before anything is sent (spec §5: png, jpg, jpeg, gif, webp); the
 * server checks the content too (`pictures: true`). The lists sit under the file manager's
 * ['files', space] key, so a change made in either shows in both.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteFiles, listFiles, uploadFiles } from '../../api/files';
import type { FileEntry, FileSpace } from '../../api/files';
import { ApiError } from '../../api/http';
import { fileErrorText } from '../files/file-errors';
import { formatBytes } from '../history/export-stream';
import { hasPictureExtension } from './picture-address';
import type { PictureBox } from './picture-address';

/** An object in the key, so it never meets the manager's ['files', space, dir] of a folder. */
export const picturesQueryKey = (space: FileSpace) => ['files', space, { pictures: true }] as const;

export function usePictureList(space: FileSpace) {
  return useQuery({
    queryKey: picturesQueryKey(space),
    queryFn: ({ signal }) => listFiles(space, '', { recursive: true, signal }),
  });
}

/** Names of `files` a picture upload does not take, and those it does. */
export function splitByName(files: readonly File[]): { refused: File[]; taken: File[] } {
  const refused = files.filter((f) => !hasPictureExtension(f.name));
  return { refused, taken: files.filter((f) => hasPictureExtension(f.name)) };
}

export interface PictureUploads {
  /** Percent sent of the upload under way, or null. */
  readonly progress: number | null;
  /** Sends the pictures among `files`, fitted into `box` when given; says which are refused. */
  readonly start: (files: readonly File[], box: PictureBox | null) => void;
}

export function usePictureUploads(
  space: FileSpace,
  maxFileSize: number,
  onUploaded: (first: FileEntry) => void,
): PictureUploads {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const send = useCallback(
    (files: readonly File[], box: PictureBox | null, replace: boolean) => {
      setProgress(0);
      uploadFiles(space, files, {
        pictures: true,
        replace,
        ...(box ?? {}),
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      })
        .then((reply) => {
          const first = reply.items[0];
          if (first) {
            message.success(t('pictures.upload.done', { name: first.name }));
            onUploaded(first);
          }
          return client.invalidateQueries({ queryKey: ['files', space] });
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409 && !replace) {
            const name = files.map((f) => f.name).join(', ');
            modal.confirm({
              title: t('pictures.upload.replaceTitle', { name }),
              content: t('pictures.upload.replaceText'),
              okText: t('pictures.upload.replace'),
              cancelText: t('common.actions.cancel'),
              onOk: () => send(files, box, true),
            });
          } else {
            message.error(fileErrorText(error, t));
          }
        })
        .finally(() => setProgress(null));
    },
    [client, message, modal, onUploaded, space, t],
  );

  const start = useCallback(
    (files: readonly File[], box: PictureBox | null) => {
      const { refused, taken } = splitByName(files);
      for (const file of refused) message.error(t('pictures.errors.type', { name: file.name }));
      const tooLarge = taken.filter((f) => f.size > maxFileSize);
      for (const file of tooLarge) {
        message.error(
          t('pictures.upload.tooLarge', {
            name: file.name,
            size: formatBytes(file.size),
            max: formatBytes(maxFileSize),
          }),
        );
      }
      const fitting = taken.filter((f) => f.size <= maxFileSize);
      if (fitting.length > 0) send(fitting, box, false);
    },
    [maxFileSize, message, send, t],
  );

  return { progress, start };
}

/** Deletes one picture of a space; the lists of that space are read again. */
export function useDeletePicture(): (space: FileSpace, file: FileEntry) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (space: FileSpace, file: FileEntry): Promise<void> => {
      await deleteFiles(space, file.dir, [file.name]);
      await client.invalidateQueries({ queryKey: ['files', space] });
    },
    [client],
  );
}
