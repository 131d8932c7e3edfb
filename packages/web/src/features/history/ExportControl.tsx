/**
 * Export of the shown range as CSV or XLSX. The file streams in; while it does, the bar shows
 * what has arrived (bytes, and rows for CSV) and can be cancelled. The file is saved under the
 * name the server gives in Content-Disposition.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Progress, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import type { ExportFormat, TimeRange } from '../../api/history';
import { startExport } from '../../api/history';
import { formatBytes, readWithProgress, saveFile } from './export-stream';
import type { TransferProgress } from './export-stream';

export interface ExportControlProps {
  readonly equipmentId: number | null;
  readonly range: TimeRange | null;
  readonly channels: readonly string[];
  readonly interval: number;
  readonly disabled?: boolean;
}

const TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export default function ExportControl({
  equipmentId,
  range,
  channels,
  interval,
  disabled,
}: ExportControlProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page ends a running export.
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    if (equipmentId === null || !range) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ bytes: 0, rows: format === 'csv' ? 0 : null, total: null });
    try {
      const download = await startExport(
        equipmentId,
        { ...range, channels, interval, format },
        controller.signal,
      );
      const chunks = await readWithProgress(download.response.body, {
        countRows: format === 'csv',
        total: download.size,
        onProgress: setProgress,
      });
      saveFile(chunks as BlobPart[], download.fileName, TYPES[format]);
      void message.success(t('history.export.saved', { name: download.fileName }));
    } catch (error) {
      if (controller.signal.aborted) {
        void message.info(t('history.export.cancelled'));
      } else {
        const reason = error instanceof ApiError || error instanceof Error ? error.message : String(error);
        void message.error(t('history.export.failed', { reason }));
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const numbers = new Intl.NumberFormat(i18n.language === 'tc' ? 'zh-TW' : i18n.language);
  const running = progress !== null;
  const percent = progress?.total ? Math.min(100, Math.round((progress.bytes / progress.total) * 100)) : null;

  return (
    <Flex gap={8} align="center" wrap>
      <Space.Compact>
        <Select<ExportFormat>
          aria-label={t('history.export.format')}
          style={{ width: 88 }}
          value={format}
          onChange={setFormat}
          disabled={running}
          options={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'XLSX' },
          ]}
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void run()}
          loading={running}
          disabled={disabled || equipmentId === null || !range}
        >
          {t('history.export.button')}
        </Button>
      </Space.Compact>
      {progress ? (
        <Flex gap={8} align="center" role="status" aria-live="polite" style={{ minWidth: 260 }}>
          <Progress
            style={{ width: 120, margin: 0 }}
            size="small"
            percent={percent ?? 100}
            status="active"
            showInfo={percent !== null}
          />
          <Typography.Text type="secondary" data-testid="export-progress">
            {progress.rows === null
              ? t('history.export.bytes', { size: formatBytes(progress.bytes) })
              : t('history.export.bytesRows', {
                  size: formatBytes(progress.bytes),
                  rows: numbers.format(progress.rows),
                })}
          </Typography.Text>
          <Button size="small" onClick={() => abort.current?.abort()}>
            {t('history.export.cancel')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
