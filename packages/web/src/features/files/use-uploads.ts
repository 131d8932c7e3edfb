/**
 * Uploads of the file manager: each drop or choice is one batch sent in one request, with its
 * progress and a cancel. Files larger than the store takes are refused before anything is sent
 * (named, the rest still go); a batch the server refuses because names are taken (409) waits for
 * the user to say whether to replace them, then goes again with `replace`.
 */
import { FILES_PER_UPLOAD } from '@fieldlink/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFiles } from '../../api/files';
import type { FileList, FileSpace } from '../../api/files';
import { ApiError } from '../../api/http';
import { formatBytes } from '../history/export-stream';
import { fileErrorText } from './file-errors';

export interface UploadBatch {
  readonly id: number;
  readonly count: number;
  readonly sent: number;
  readonly total: number;
  readonly cancel: () => void;
}

/** A batch refused for names already taken, waiting for the user's word. */
export interface ReplacePrompt {
  readonly dir: string;
  readonly files: readonly File[];
  /** The names known to be taken (from the listing), else all the batch's. */
  readonly taken: readonly string[];
}

export const filesQueryKey = (space: FileSpace, dir?: string) =>
  dir === undefined ? ['files', space] : ['files', space, dir];

const totalSize = (files: readonly File[]): number => files.reduce((n, f) => n + f.size, 0);

export function useUploads(space: FileSpace, maxFileSize: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [batches, setBatches] = useState<readonly UploadBatch[]>([]);
  const [prompt, setPrompt] = useState<ReplacePrompt | null>(null);
  /** Files refused for their size, named until the next upload. */
  const [refused, setRefused] = useState<readonly string[]>([]);
  const nextId = useRef(1);

  const send = useCallback(
    (dir: string, files: readonly File[], replace: boolean) => {
      const id = nextId.current++;
      const controller = new AbortController();
      const update = (change: Partial<UploadBatch> | null) =>
        setBatches((all) =>
          change === null
            ? all.filter((b) => b.id !== id)
            : all.map((b) => (b.id === id ? { ...b, ...change } : b)),
        );
      setBatches((all) => [
        ...all,
        { id, count: files.length, sent: 0, total: totalSize(files), cancel: () => controller.abort() },
      ]);
      uploadFiles(space, files, {
        dir,
        replace,
        signal: controller.signal,
        // A browser that cannot tell the length reports 0: the files' sizes stand in.
        onProgress: (sent, total) => update(total > 0 ? { sent, total } : { sent }),
      })
        .then((reply) => {
          message.success(t('files.upload.done', { count: reply.items.length }));
          return client.invalidateQueries({ queryKey: filesQueryKey(space) });
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            message.info(t('files.upload.cancelled'));
          } else if (error instanceof ApiError && error.status === 409 && !replace) {
            const listed = client.getQueryData<FileList>(filesQueryKey(space, dir));
            const names = new Set(files.map((f) => f.name));
            const taken = (listed?.items ?? []).map((f) => f.name).filter((n) => names.has(n));
            setPrompt({ dir, files, taken: taken.length > 0 ? taken : [...names] });
          } else {
            message.error(fileErrorText(error, t));
          }
        })
        .finally(() => update(null));
    },
    [client, message, space, t],
  );

  /** Sends `files` to `dir`, refusing those larger than the store takes. */
  const start = useCallback(
    (dir: string, files: readonly File[]) => {
      const tooLarge = files.filter((f) => f.size > maxFileSize);
      setRefused(
        tooLarge.map((f) =>
          t('files.upload.tooLarge', {
            name: f.name,
            size: formatBytes(f.size),
            max: formatBytes(maxFileSize),
          }),
        ),
      );
      const fitting = files.filter((f) => f.size <= maxFileSize);
      // The server takes FILES_PER_UPLOAD files a request: more go in several.
      for (let i = 0; i < fitting.length; i += FILES_PER_UPLOAD) {
        send(dir, fitting.slice(i, i + FILES_PER_UPLOAD), false);
      }
    },
    [maxFileSize, send, t],
  );

  const replace = useCallback(() => {
    if (!prompt) return;
    setPrompt(null);
    send(prompt.dir, prompt.files, true);
  }, [prompt, send]);

  const keep = useCallback(() => {
    setPrompt(null);
    message.info(t('files.upload.cancelled'));
  }, [message, t]);

  return {
    batches,
    prompt,
    refused,
    start,
    replace,
    keep,
    dismissRefused: () => setRefused([]),
  } as const;
}
