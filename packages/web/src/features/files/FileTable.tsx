/**
 * The files of a folder as a table: thumbnail, name, size, dimensions, last update and uploader,
 * with a checkbox per row and the row's own download and delete. The manager sorts (so the
 * thumbnails view sorts the same way); the table only reports the column and order asked for.
 */
import { Button, Space, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '../../api/files';
import { useTimeFormat } from '../../time/zone';
import { formatBytes } from '../history/export-stream';
import type { FileViewProps } from './FileGrid';
import { PAGE_SIZES, SORT_KEYS } from './layout';
import type { SortKey } from './layout';
import Thumbnail from './Thumbnail';
import { dimensionsOf } from './transfer';

const isSortKey = (key: unknown): key is SortKey => (SORT_KEYS as readonly unknown[]).includes(key);

export default function FileTable({
  items,
  loading,
  writable,
  selected,
  onSelect,
  layout,
  page,
  onPage,
  onSort,
  onPreview,
  onDownload,
  onDelete,
  uploaderOf,
  empty,
}: FileViewProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const columns = useMemo<TableColumnsType<FileEntry>>(() => {
    const sortOrder = (key: SortKey) => (layout.sortKey === key ? layout.sortOrder : null);
    return [
      {
        title: t('files.columns.preview'),
        key: 'preview',
        width: 64,
        render: (_: unknown, file: FileEntry) => <Thumbnail file={file} size={40} onPreview={onPreview} />,
      },
      {
        title: t('files.columns.name'),
        dataIndex: 'name',
        key: 'name',
        ellipsis: true,
        sorter: true,
        sortOrder: sortOrder('name'),
      },
      {
        title: t('files.columns.size'),
        dataIndex: 'size',
        key: 'size',
        width: 100,
        sorter: true,
        sortOrder: sortOrder('size'),
        render: (size: number) => formatBytes(size),
      },
      {
        title: t('files.columns.dimensions'),
        key: 'dimensions',
        width: 120,
        render: (_: unknown, file: FileEntry) => dimensionsOf(file) ?? '—',
      },
      {
        title: t('files.columns.updated'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        width: 170,
        sorter: true,
        sortOrder: sortOrder('updatedAt'),
        render: (at: string) => time.format(at),
      },
      {
        title: t('files.columns.uploader'),
        key: 'uploader',
        width: 130,
        render: (_: unknown, file: FileEntry) => uploaderOf(file),
      },
      {
        title: t('files.columns.actions'),
        key: 'actions',
        width: 140,
        render: (_: unknown, file: FileEntry) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onDownload([file])}>
              {t('files.actions.download')}
            </Button>
            {writable && (
              <Button type="link" size="small" danger onClick={() => onDelete([file.name])}>
                {t('files.actions.delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ];
  }, [t, time, layout.sortKey, layout.sortOrder, writable, onPreview, onDownload, onDelete, uploaderOf]);

  const change: TableProps<FileEntry>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      onSort(isSortKey(sorter.columnKey) ? sorter.columnKey : null, sorter.order ?? null);
    }
    if (extra.action === 'paginate') onPage(pagination.current ?? 1, pagination.pageSize ?? layout.pageSize);
  };

  return (
    <Table<FileEntry>
      size="small"
      rowKey="name"
      loading={loading}
      columns={columns}
      dataSource={items as FileEntry[]}
      onChange={change}
      rowSelection={{
        selectedRowKeys: selected as string[],
        onChange: (keys) => onSelect(keys.map(String)),
        preserveSelectedRowKeys: true,
      }}
      pagination={{
        current: page,
        pageSize: layout.pageSize,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        hideOnSinglePage: false,
      }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}
