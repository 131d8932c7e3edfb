/**
 * Exports a device's whole rule configuration: every page of every page type its model holds is
 * read anew (with progress), then saved as a JSON file (rules/config-file.ts). Nothing is saved
 * when a page cannot be read: a file with holes would restore a device wrongly.
 */
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { Alert, App, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { registerReads } from '../../live/service';
import { configFileName, exportConfig } from '../../rules/config-file';
import { allPagesOf, readPages } from '../../rules/page-actions';
import { saveFile } from '../history/export-stream';

export default function ExportDialog({
  record,
  pageTypes,
  lang,
  onClose,
}: {
  readonly record: Equipment;
  readonly pageTypes: readonly PageTypeName[];
  readonly lang: Lang;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState(0);
  const start = async (): Promise<void> => {
    setFailed(0);
    const device = { id: record.id, unid: record.unid, series2000: record.series2000 };
    const wanted = allPagesOf(pageTypes);
    setProgress({ done: 0, total: wanted.length });
    const read = await readPages(registerReads, device, wanted, (done, total) =>
      setProgress({ done, total }),
    );
    setProgress(null);
    if (read.failed.length > 0) {
      setFailed(read.failed.length);
      return;
    }
    const at = new Date();
    const file = exportConfig(
      { sn: record.unid, type: record.type, name: record.name, series2000: record.series2000 },
      read.pages,
      lang,
      at,
    );
    saveFile([`${JSON.stringify(file, null, 2)}\n`], configFileName(record.unid, at), 'application/json');
    void message.success(t('rules.page.tools.exportDone', { count: read.pages.length }));
    onClose();
  };
  return (
    <Modal
      open
      title={t('rules.page.tools.exportTitle')}
      okText={t('rules.page.tools.exportStart')}
      onOk={() => void start()}
      okButtonProps={{ loading: progress !== null, 'data-testid': 'rule-export-start' } as never}
      onCancel={onClose}
      cancelText={t('common.actions.cancel')}
    >
      <Typography.Paragraph>{t('rules.page.tools.exportHint')}</Typography.Paragraph>
      {progress && (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => t('rules.page.tools.reading', progress)}
        />
      )}
      {failed > 0 && (
        <Alert type="error" showIcon message={t('rules.page.tools.exportFailed', { count: failed })} />
      )}
    </Modal>
  );
}
