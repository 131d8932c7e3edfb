/**
 * A file manager over one space of the file store (docs/api.md § Files): the folders as a
 * breadcrumb, the files as a table or thumbnails with a multiple choice, previews of pictures,
 * downloads, deletes, clearing, and uploads by button or by dropping files on it, with progress,
 * a cancel and the question of replacing files whose names are taken. What the user may change
 * comes from the listing (`writable`); the view is remembered per kind of space.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Image, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFiles, deleteFiles, listFiles } from '../../api/files';
import type { FileEntry, FileSpace } from '../../api/files';
import { useMe } from '../../session/me';
import { ClearDialog, DeleteDialog, NewFolderDialog, ReplaceDialog } from './FileDialogs';
import FileActions from './FileActions';
import { fileErrorText } from './file-errors';
import FileGrid from './FileGrid';
import type { FileViewProps } from './FileGrid';
import FileTable from './FileTable';
import DropZone from './DropZone';
import FolderBar from './FolderBar';
import type { SortKey, SortOrder } from './layout';
import { childDir, spaceKind } from './paths';
import { downloadFiles, sortFiles } from './transfer';
import { QuotaBar, RefusedFiles, UploadList } from './TransferStatus';
import { useFileLayout } from './use-file-layout';
import { filesQueryKey, useUploads } from './use-uploads';

export interface FileManagerProps {
  readonly space: FileSpace;
  /** A heading above the manager. */
  readonly title?: ReactNode;
  /** Drawn beside the heading (the personal center's choice of space). */
  readonly extra?: ReactNode;
  /** How long a change of the view waits before it is saved, in ms. */
  readonly layoutSaveDelayMs?: number;
}

type Dialog =
  | { readonly kind: 'delete'; readonly names: readonly string[] }
  | { readonly kind: 'clear' }
  | { readonly kind: 'folder' };

/** A fresh manager (top folder, nothing chosen) for each space. */
export default function FileManager(props: FileManagerProps) {
  return <FileManagerView key={props.space} {...props} />;
}

function FileManagerView({ space, title, extra, layoutSaveDelayMs }: FileManagerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const myId = useMe((s) => s.me?.id ?? null);
  const [dir, setDir] = useState('');
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<FileEntry | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [layout, changeLayout] = useFileLayout(spaceKind(space), layoutSaveDelayMs);

  const list = useQuery({
    queryKey: filesQueryKey(space, dir),
    queryFn: ({ signal }) => listFiles(space, dir, { signal }),
  });
  const listing = list.data;
  const writable = listing?.writable ?? false;
  const uploads = useUploads(space, listing?.maxFileSize ?? Number.POSITIVE_INFINITY);
  const items = useMemo(
    () => sortFiles(listing?.items ?? [], layout.sortKey, layout.sortOrder),
    [listing, layout.sortKey, layout.sortOrder],
  );
  // A choice survives a refresh only for the files still there.
  const chosen = useMemo(() => items.filter((f) => selected.includes(f.name)), [items, selected]);
  const spaceName = t(`files.spaces.${spaceKind(space)}`);
  const where = dir === '' ? spaceName : dir;

  const navigate = (to: string) => {
    setDir(to);
    setSelected([]);
    setPage(1);
  };
  const refresh = () => void client.invalidateQueries({ queryKey: filesQueryKey(space) });

  const download = useCallback(
    (files: readonly FileEntry[]) =>
      void downloadFiles(space, files, (file, error) =>
        message.error(t('files.download.failed', { name: file.name, reason: fileErrorText(error, t) })),
      ),
    [message, space, t],
  );
  const askDelete = useCallback((names: readonly string[]) => setDialog({ kind: 'delete', names }), []);
  const uploaderOf = useCallback(
    (file: FileEntry) =>
      file.createdBy === null
        ? t('files.uploader.gone')
        : file.createdBy === myId
          ? t('files.uploader.me')
          : (file.createdByName ?? t('files.uploader.user', { id: file.createdBy })),
    [myId, t],
  );
  /** The selection's actions say what is missing rather than doing nothing. */
  const withSelection = (run: (files: readonly FileEntry[]) => void) => () => {
    if (chosen.length === 0) message.warning(t('files.selectFirst'));
    else run(chosen);
  };

  const runChange = async (call: () => Promise<number>, done: (count: number) => void) => {
    setBusy(true);
    try {
      done(await call());
    } catch (error) {
      message.error(fileErrorText(error, t));
    } finally {
      setBusy(false);
      setDialog(null);
      refresh();
    }
  };
  const confirmDelete = (names: readonly string[]) =>
    void runChange(
      () => deleteFiles(space, dir, names),
      (count) => {
        message.success(t('files.remove.done', { count }));
        setSelected((s) => s.filter((n) => !names.includes(n)));
      },
    );
  const confirmClear = () =>
    void runChange(
      () => clearFiles(space, dir),
      (count) => {
        message.success(t('files.clear.done', { count }));
        // A cleared folder is gone: show the one holding it.
        navigate(dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '');
      },
    );
  const openFolder = (name: string) => {
    setDialog(null);
    navigate(childDir(dir, name));
    message.info(t('files.newFolder.opened', { name }));
  };

  const sort = useCallback(
    (sortKey: SortKey | null, sortOrder: SortOrder | null) =>
      changeLayout({ sortKey: sortOrder === null ? null : sortKey, sortOrder }),
    [changeLayout],
  );
  const viewProps: FileViewProps = {
    items,
    loading: list.isLoading,
    writable,
    selected,
    onSelect: setSelected,
    layout,
    // A delete may leave fewer pages than the one shown.
    page: Math.min(page, Math.max(1, Math.ceil(items.length / layout.pageSize))),
    onPage: (next, pageSize) => {
      setPage(pageSize === layout.pageSize ? next : 1);
      if (pageSize !== layout.pageSize) changeLayout({ pageSize });
    },
    onSort: sort,
    onPreview: setPreview,
    onDownload: download,
    onDelete: askDelete,
    uploaderOf,
    empty: writable ? t('files.empty.writable') : t('files.empty.readOnly'),
  };

  return (
    <DropZone
      enabled={writable}
      hint={t('files.drop', { where })}
      onFiles={(files) => uploads.start(dir, files)}
      // Before the listing says, nothing is known to refuse.
      onRefused={() => listing && message.warning(t('files.upload.notWritable'))}
    >
      <Flex vertical gap="small" data-testid="file-manager">
        {(title || extra || (listing && !writable)) && (
          <Flex wrap gap="small" align="center" justify="space-between">
            <Flex gap="small" align="center">
              {title && (
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {title}
                </Typography.Title>
              )}
              {listing && !writable && (
                <Tag data-testid="files-read-only" title={t('files.readOnlyNote')}>
                  {t('files.readOnly')}
                </Tag>
              )}
            </Flex>
            {extra}
          </Flex>
        )}
        {listing && <QuotaBar used={listing.used} quota={listing.quota} maxFileSize={listing.maxFileSize} />}
        <FolderBar dir={dir} dirs={listing?.dirs ?? []} onNavigate={navigate} />
        <FileActions
          writable={writable}
          selectedCount={chosen.length}
          layout={layout}
          onView={(view) => changeLayout({ view })}
          onSort={sort}
          onUpload={() => picker.current?.click()}
          onNewFolder={() => setDialog({ kind: 'folder' })}
          onDownload={withSelection(download)}
          onDelete={withSelection((files) => askDelete(files.map((f) => f.name)))}
          onClear={() => setDialog({ kind: 'clear' })}
          onRefresh={refresh}
        />
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="files-picker"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) uploads.start(dir, files);
          }}
        />
        <RefusedFiles messages={uploads.refused} onClose={uploads.dismissRefused} />
        <UploadList batches={uploads.batches} />
        {list.error ? (
          <Alert
            type="error"
            showIcon
            data-testid="files-load-error"
            title={t('files.errors.load', { reason: fileErrorText(list.error, t, { reading: true }) })}
            action={
              <Button size="small" onClick={refresh}>
                {t('files.actions.refresh')}
              </Button>
            }
          />
        ) : layout.view === 'grid' ? (
          <FileGrid {...viewProps} />
        ) : (
          <FileTable {...viewProps} />
        )}
      </Flex>
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          names={dialog.names}
          busy={busy}
          onConfirm={() => confirmDelete(dialog.names)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'clear' && (
        <ClearDialog
          title={
            dir === ''
              ? t('files.clear.titleAll', { space: spaceName })
              : t('files.clear.titleFolder', { where: dir })
          }
          busy={busy}
          onConfirm={confirmClear}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'folder' && (
        <NewFolderDialog dir={dir} where={where} onOpen={openFolder} onCancel={() => setDialog(null)} />
      )}
      {uploads.prompt && (
        <ReplaceDialog
          names={uploads.prompt.taken}
          where={uploads.prompt.dir === '' ? spaceName : uploads.prompt.dir}
          onReplace={uploads.replace}
          onKeep={uploads.keep}
        />
      )}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview.url}
          alt={preview.name}
          preview={{ open: true, src: preview.url, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </DropZone>
  );
}
