/**
 * Imports a rule configuration file into this device: the file is checked (rules/config-file.ts)
 * and its problems listed, or its pages previewed; on confirmation they are written one after
 * another and read back, with the outcome of each ('load succeeded' or 'load failed').
 */
import type { Lang } from '@fieldlink/protocol';
import { Alert, Button, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { registerReads } from '../../live/service';
import { importConfig } from '../../rules/config-file';
import type { PageBytes } from '../../rules/config-file';
import { writePages } from '../../rules/page-actions';
import type { PageOutcome } from '../../rules/page-actions';
import { useOperation } from '../monitoring/use-operation';
import PagesPreview, { LoadOutcome } from './PagesPreview';

export default function ImportDialog({
  record,
  rulePages,
  lang,
  onClose,
}: {
  readonly record: Equipment;
  readonly rulePages: readonly string[];
  readonly lang: Lang;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const runner = useOperation(record.id);
  const [pages, setPages] = useState<readonly PageBytes[] | null>(null);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<readonly PageOutcome[]>([]);

  const choose = async (file: File): Promise<void> => {
    setOutcomes([]);
    const read = importConfig(await file.text(), { type: record.type, rulePages });
    setPages(read.ok ? read.pages : null);
    setProblems(read.ok ? [] : read.problems);
  };
  const write = async (): Promise<void> => {
    if (!pages) return;
    const device = { id: record.id, unid: record.unid, series2000: record.series2000 };
    setProgress({ done: 0, total: pages.length });
    const done = await writePages(
      registerReads,
      device,
      pages,
      (operation) =>
        runner.run(operation, 'rules:import', { label: t('rules.page.tools.import'), quiet: true }),
      (n, total) => setProgress({ done: n, total }),
    );
    setProgress(null);
    setOutcomes(done);
  };
  return (
    <Modal
      open
      width={820}
      title={t('rules.page.tools.importTitle')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.actions.close')}</Button>
          {pages && outcomes.length === 0 && (
            <Button
              type="primary"
              loading={progress !== null}
              onClick={() => void write()}
              data-testid="rule-import-write"
            >
              {t('rules.page.tools.confirmWrite', { count: pages.length })}
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('rules.page.tools.importHint')}</Typography.Paragraph>
        <Upload
          accept="application/json,.json"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button data-testid="rule-import-file">{t('rules.page.tools.chooseFile')}</Button>
        </Upload>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="rule-import-problems"
            message={t('rules.page.tools.importProblems')}
            description={problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          />
        )}
        {pages && (
          <>
            <Typography.Text strong>
              {t('rules.page.tools.previewTitle', { count: pages.length })}
            </Typography.Text>
            <PagesPreview pages={pages} lang={lang} outcomes={outcomes} />
          </>
        )}
        {progress && (
          <Progress
            percent={Math.round((progress.done / progress.total) * 100)}
            format={() => t('rules.page.tools.writing', progress)}
          />
        )}
        <LoadOutcome outcomes={outcomes} />
      </Space>
      {runner.prompt}
    </Modal>
  );
}
