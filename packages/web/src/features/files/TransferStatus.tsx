/**
 * What the manager says about transfers: the caller's quota (used of allowed) with the largest file
 * the store takes, each upload under way with its progress and cancel, and the files refused for
 * their size.
 */
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../history/export-stream';
import type { UploadBatch } from './use-uploads';

export function QuotaBar({
  used,
  quota,
  maxFileSize,
}: {
  readonly used: number;
  readonly quota: number | null;
  readonly maxFileSize: number;
}) {
  const { t } = useTranslation();
  const max = t('files.quota.maxFile', { size: formatBytes(maxFileSize) });
  const text =
    quota === null
      ? t('files.quota.unlimited', { used: formatBytes(used) })
      : t('files.quota.used', { used: formatBytes(used), quota: formatBytes(quota) });
  return (
    <Flex gap="small" align="center" wrap data-testid="files-quota">
      {quota !== null && (
        <Progress
          style={{ width: 160, margin: 0 }}
          size="small"
          showInfo={false}
          percent={quota > 0 ? Math.min(100, (used / quota) * 100) : 100}
          status={used >= quota ? 'exception' : 'normal'}
        />
      )}
      <Typography.Text type="secondary">{`${text} · ${max}`}</Typography.Text>
    </Flex>
  );
}

export function UploadList({ batches }: { readonly batches: readonly UploadBatch[] }) {
  const { t } = useTranslation();
  if (batches.length === 0) return null;
  return (
    <Flex vertical gap={4} data-testid="files-uploads">
      {batches.map((batch) => (
        <Flex key={batch.id} gap="small" align="center" data-testid="files-upload">
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {t('files.upload.progress', {
              count: batch.count,
              sent: formatBytes(batch.sent),
              total: formatBytes(batch.total),
            })}
          </Typography.Text>
          <Progress
            style={{ flex: 1, margin: 0 }}
            size="small"
            percent={batch.total > 0 ? Math.floor((batch.sent / batch.total) * 100) : 0}
          />
          <Button size="small" onClick={batch.cancel}>
            {t('files.upload.cancel')}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}

export function RefusedFiles({
  messages,
  onClose,
}: {
  readonly messages: readonly string[];
  readonly onClose: () => void;
}) {
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      data-testid="files-refused"
      title={messages.length === 1 ? messages[0] : undefined}
      description={
        messages.length > 1 ? (
          <ul style={{ margin: 0 }}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
