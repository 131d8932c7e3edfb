/**
 * The manager's buttons: upload and new folder (where the user may write), download and delete of
 * the selection (they say that a file must be chosen first rather than sitting greyed out), clear
 * all, refresh, and the choice of view (with a sort for the thumbnails, which have no headers).
 */
import {
  AppstoreOutlined,
  ClearOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FolderAddOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Flex, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS } from './layout';
import type { FileLayout, FileView, SortKey, SortOrder } from './layout';

export default function FileActions({
  writable,
  selectedCount,
  layout,
  onView,
  onSort,
  onUpload,
  onNewFolder,
  onDownload,
  onDelete,
  onClear,
  onRefresh,
}: {
  readonly writable: boolean;
  readonly selectedCount: number;
  readonly layout: FileLayout;
  readonly onView: (view: FileView) => void;
  readonly onSort: (key: SortKey | null, order: SortOrder | null) => void;
  readonly onUpload: () => void;
  readonly onNewFolder: () => void;
  readonly onDownload: () => void;
  readonly onDelete: () => void;
  readonly onClear: () => void;
  readonly onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap="small" align="center" justify="space-between" data-testid="files-actions">
      <Flex wrap gap="small" align="center">
        {writable && (
          <>
            <Button type="primary" icon={<UploadOutlined />} onClick={onUpload}>
              {t('files.actions.upload')}
            </Button>
            <Button icon={<FolderAddOutlined />} onClick={onNewFolder}>
              {t('files.newFolder.button')}
            </Button>
          </>
        )}
        <Button icon={<DownloadOutlined />} onClick={onDownload}>
          {t('files.actions.download')}
        </Button>
        {writable && (
          <>
            <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
              {t('files.actions.delete')}
            </Button>
            <Button danger icon={<ClearOutlined />} onClick={onClear}>
              {t('files.actions.clear')}
            </Button>
          </>
        )}
        <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('files.actions.refresh')} />
        {selectedCount > 0 && (
          <Typography.Text type="secondary" data-testid="files-selected">
            {t('files.selected', { count: selectedCount })}
          </Typography.Text>
        )}
      </Flex>
      <Flex wrap gap="small" align="center">
        {layout.view === 'grid' && (
          <>
            <Select<SortKey>
              size="small"
              aria-label={t('files.sort.label')}
              style={{ width: 120 }}
              value={layout.sortKey ?? 'name'}
              options={SORT_KEYS.map((key) => ({ value: key, label: t(`files.sort.${key}`) }))}
              onChange={(key) => onSort(key, layout.sortOrder ?? 'ascend')}
            />
            <Select<SortOrder>
              size="small"
              aria-label={t('files.sort.label')}
              style={{ width: 100 }}
              value={layout.sortOrder ?? 'ascend'}
              options={(['ascend', 'descend'] as const).map((order) => ({
                value: order,
                label: t(`files.sort.${order}`),
              }))}
              onChange={(order) => onSort(layout.sortKey ?? 'name', order)}
            />
          </>
        )}
        <Segmented<FileView>
          aria-label={t('files.view.label')}
          value={layout.view}
          onChange={onView}
          options={[
            { value: 'list', icon: <UnorderedListOutlined />, label: t('files.view.list') },
            { value: 'grid', icon: <AppstoreOutlined />, label: t('files.view.grid') },
          ]}
        />
      </Flex>
    </Flex>
  );
}
