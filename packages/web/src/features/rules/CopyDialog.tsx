/**
 * Copies rule pages from this device to another of the same model the user may edit (spec 001 § 4
 * "copying config between devices"): one page, one page type or every page. The pages are read
 * anew from this device and previewed; on confirmation they are written to the target one after
 * another and read back there, with the outcome of each ('load succeeded' or 'load failed').
 */
import { PAGE_TYPES } from '@fieldlink/protocol';
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { Alert, Button, Form, Modal, Progress, Radio, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { registerReads } from '../../live/service';
import { allPagesOf, readPages, writePages } from '../../rules/page-actions';
import type { PageOutcome } from '../../rules/page-actions';
import { useOperation } from '../monitoring/use-operation';
import PagesPreview, { LoadOutcome } from './PagesPreview';
import type { PreviewPage } from './PagesPreview';

type Scope = 'page' | 'type' | 'all';

export default function CopyDialog({
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
  const [scope, setScope] = useState<Scope>('page');
  const [pageType, setPageType] = useState<PageTypeName>(pageTypes[0] ?? 'rtc');
  const [page, setPage] = useState(0);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [preview, setPreview] = useState<readonly PreviewPage[] | null>(null);
  const [failedReads, setFailedReads] = useState(0);
  const [progress, setProgress] = useState<{
    key: 'reading' | 'writing';
    done: number;
    total: number;
  } | null>(null);
  const [outcomes, setOutcomes] = useState<readonly PageOutcome[]>([]);
  const types = useDirectory((d) => d.types);
  const entries = useDirectory((d) => d.entries);
  // Devices of the same model the user may edit (level 3 and up), this one left out.
  const targets = useMemo(
    () =>
      Object.values(entries)
        .filter((e) => e.type === record.type && e.level >= 3 && e.id !== record.id)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [entries, record.type, record.id],
  );
  const runner = useOperation(targetId ?? record.id);
  const target = targetId === null ? undefined : entries[targetId];

  const wanted =
    scope === 'page'
      ? [{ type: pageType, index: page }]
      : allPagesOf(scope === 'type' ? [pageType] : pageTypes);
  const readSource = async (): Promise<void> => {
    setOutcomes([]);
    setFailedReads(0);
    const device = { id: record.id, unid: record.unid, series2000: record.series2000 };
    setProgress({ key: 'reading', done: 0, total: wanted.length });
    const read = await readPages(registerReads, device, wanted, (done, total) =>
      setProgress({ key: 'reading', done, total }),
    );
    setProgress(null);
    setFailedReads(read.failed.length);
    setPreview(read.failed.length === 0 ? read.pages : null);
  };
  const write = async (): Promise<void> => {
    if (!preview || !target) return;
    const device = { id: target.id, unid: target.unid, series2000: types[target.type]?.series2000 ?? false };
    setProgress({ key: 'writing', done: 0, total: preview.length });
    const done = await writePages(
      registerReads,
      device,
      preview,
      (operation) => runner.run(operation, 'rules:copy', { label: t('rules.page.tools.copy'), quiet: true }),
      (n, total) => setProgress({ key: 'writing', done: n, total }),
    );
    setProgress(null);
    setOutcomes(done);
  };
  const reset = (): void => {
    setPreview(null);
    setOutcomes([]);
  };

  return (
    <Modal
      open
      width={820}
      title={t('rules.page.tools.copyTitle')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.actions.close')}</Button>
          {!preview && (
            <Button
              onClick={() => void readSource()}
              loading={progress?.key === 'reading'}
              disabled={target === undefined}
              data-testid="rule-copy-preview"
            >
              {t('rules.page.tools.preview')}
            </Button>
          )}
          {preview && outcomes.length === 0 && (
            <Button
              type="primary"
              onClick={() => void write()}
              loading={progress?.key === 'writing'}
              data-testid="rule-copy-write"
            >
              {t('rules.page.tools.confirmWrite', { count: preview.length })}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('rules.page.tools.scope')}>
          <Radio.Group
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as Scope);
              reset();
            }}
            options={(['page', 'type', 'all'] as const).map((s) => ({
              value: s,
              label: t(`rules.page.tools.scopes.${s}`),
            }))}
          />
        </Form.Item>
        {scope !== 'all' && (
          <Space wrap>
            <Form.Item label={t('rules.page.tools.pageType')}>
              <Select<PageTypeName>
                value={pageType}
                style={{ width: 180 }}
                onChange={(next) => {
                  setPageType(next);
                  setPage(0);
                  reset();
                }}
                options={pageTypes.map((p) => ({ value: p, label: t(`rules.page.types.${p}`) }))}
              />
            </Form.Item>
            {scope === 'page' && (
              <Form.Item label={t('rules.page.pageLabel')}>
                <Select<number>
                  value={page}
                  style={{ width: 120 }}
                  onChange={(next) => {
                    setPage(next);
                    reset();
                  }}
                  options={Array.from({ length: PAGE_TYPES[pageType].maxPages }, (_, i) => ({
                    value: i,
                    label: t('rules.page.page', { page: i + 1 }),
                  }))}
                />
              </Form.Item>
            )}
          </Space>
        )}
        <Form.Item label={t('rules.page.tools.target')} extra={t('rules.page.tools.targetHint')}>
          {targets.length === 0 ? (
            <Alert type="info" showIcon message={t('rules.page.tools.noTargets')} />
          ) : (
            <Select<number>
              value={targetId ?? undefined}
              style={{ width: 320 }}
              data-testid="rule-copy-target"
              onChange={(id) => {
                setTargetId(id);
                setOutcomes([]);
              }}
              options={targets.map((e) => ({ value: e.id, label: `${e.name} (${e.unid})` }))}
            />
          )}
        </Form.Item>
      </Form>
      {progress && (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => t(`rules.page.tools.${progress.key}`, progress)}
        />
      )}
      {failedReads > 0 && (
        <Alert
          type="error"
          showIcon
          message={t('rules.page.readAllFailed', { read: wanted.length - failedReads, failed: failedReads })}
        />
      )}
      {preview && (
        <>
          <Typography.Text strong>
            {t('rules.page.tools.previewTitle', { count: preview.length })}
          </Typography.Text>
          <PagesPreview pages={preview} lang={lang} outcomes={outcomes} />
        </>
      )}
      <LoadOutcome outcomes={outcomes} />
      {runner.prompt}
    </Modal>
  );
}
