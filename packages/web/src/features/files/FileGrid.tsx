/**
 * The files of a folder as thumbnail cards (the same order, page and selection as the table):
 * a checkbox, the picture or an icon, the name, size and dimensions, download and delete.
 */
import { Button, Card, Checkbox, Empty, Flex, Pagination, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '../../api/files';
import { formatBytes } from '../history/export-stream';
import { PAGE_SIZES } from './layout';
import type { FileLayout, SortKey, SortOrder } from './layout';
import Thumbnail from './Thumbnail';
import { dimensionsOf } from './transfer';

export interface FileViewProps {
  /** In the chosen order. */
  readonly items: readonly FileEntry[];
  readonly loading: boolean;
  readonly writable: boolean;
  readonly selected: readonly string[];
  readonly onSelect: (names: readonly string[]) => void;
  readonly layout: FileLayout;
  readonly page: number;
  readonly onPage: (page: number, pageSize: number) => void;
  readonly onSort: (key: SortKey | null, order: SortOrder | null) => void;
  readonly onPreview: (file: FileEntry) => void;
  readonly onDownload: (files: readonly FileEntry[]) => void;
  readonly onDelete: (names: readonly string[]) => void;
  readonly uploaderOf: (file: FileEntry) => string;
  /** What an empty folder shows. */
  readonly empty: string;
}

const CARD_WIDTH = 168;

export default function FileGrid({
  items,
  loading,
  writable,
  selected,
  onSelect,
  layout,
  page,
  onPage,
  onPreview,
  onDownload,
  onDelete,
  empty,
}: FileViewProps) {
  const { t } = useTranslation();
  const shown = items.slice((page - 1) * layout.pageSize, page * layout.pageSize);
  const toggle = (name: string, on: boolean) =>
    onSelect(on ? [...selected, name] : selected.filter((n) => n !== name));
  if (!loading && items.length === 0) return <Empty description={empty} />;
  return (
    <Spin spinning={loading}>
      <Flex wrap gap="small" data-testid="files-grid">
        {shown.map((file) => (
          <Card
            key={file.name}
            size="small"
            style={{ width: CARD_WIDTH }}
            data-testid="files-card"
            actions={[
              <Button key="download" type="link" size="small" onClick={() => onDownload([file])}>
                {t('files.actions.download')}
              </Button>,
              ...(writable
                ? [
                    <Button
                      key="delete"
                      type="link"
                      size="small"
                      danger
                      onClick={() => onDelete([file.name])}
                    >
                      {t('files.actions.delete')}
                    </Button>,
                  ]
                : []),
            ]}
          >
            <Flex vertical gap={4}>
              <Flex justify="space-between" align="start">
                <Checkbox
                  checked={selected.includes(file.name)}
                  onChange={(e) => toggle(file.name, e.target.checked)}
                  aria-label={file.name}
                />
                <Thumbnail file={file} size={96} onPreview={onPreview} />
              </Flex>
              <Typography.Text ellipsis={{ tooltip: file.name }} strong>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {[formatBytes(file.size), dimensionsOf(file)].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
          </Card>
        ))}
      </Flex>
      <Pagination
        style={{ marginTop: 12 }}
        align="end"
        size="small"
        current={page}
        pageSize={layout.pageSize}
        total={items.length}
        pageSizeOptions={PAGE_SIZES.map(String)}
        showSizeChanger
        onChange={onPage}
      />
    </Spin>
  );
}
