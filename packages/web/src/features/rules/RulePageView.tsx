/**
 * One page type of a device's rules (spec 001 § 2, § 3.1): the page selector (1-7, 1-25 for Modbus
 * lists), reading the page or every page (with progress), its 10 rows, each opened in its editor,
 * and writing the page with the edited rows, read back and compared. A failure is said on the
 * page and the edited rows stay. Without the edit right the rules are read and viewed only.
 */
import { PAGE_TYPES } from '@fieldlink/protocol';
import type { PageTypeName } from '@fieldlink/protocol';
import { Alert, App, Button, Progress, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Equipment } from '../../api/equipment';
import { registerReads } from '../../live/service';
import type { RuleContext } from '../../rules/editors/context';
import { announceRead, readAllPages, readPage, writePage } from '../../rules/page-actions';
import type { PageDevice } from '../../rules/page-actions';
import {
  EMPTY_PAGE,
  pageKey,
  shownRules,
  useRulePages,
  withEdit,
  withoutEdits,
} from '../../rules/page-store';
import type { PageError } from '../../rules/page-store';
import { useOperation } from '../monitoring/use-operation';
import RuleDialog from './RuleDialog';
import RuleTable from './RuleTable';

function errorText(error: PageError, t: TFunction): string {
  const action = t(`rules.page.errors.actions.${error.during}`);
  switch (error.reason) {
    case 'offline':
    case 'timeout':
    case 'not_connected':
    case 'forbidden':
      return t(`rules.page.errors.${error.reason}`, { action });
    case 'refused':
      return t('rules.page.errors.refused', { action, exception: error.exception ?? '?' });
    default:
      return t('rules.page.errors.other', { action, message: error.message || '—' });
  }
}

export default function RulePageView({
  record,
  type,
  canEdit,
  context,
}: {
  readonly record: Equipment;
  readonly type: PageTypeName;
  readonly canEdit: boolean;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);
  const key = pageKey(record.id, type, page);
  const entry = useRulePages((s) => s.pages[key] ?? EMPTY_PAGE);
  const update = useRulePages((s) => s.update);
  const runner = useOperation(record.id);
  const device: PageDevice = { id: record.id, unid: record.unid, series2000: record.series2000 };
  const maxPages = PAGE_TYPES[type].maxPages;
  const rows = shownRules(entry);
  const busy = entry.busy !== null || progress !== null;

  useEffect(() => () => void (cancelled.current = true), []);

  const read = async (): Promise<void> => {
    if (await readPage(registerReads, device, type, page)) {
      if (announceRead(record.id, page, Date.now()))
        void message.success(t('rules.page.readSucceeded', { page: page + 1 }));
    }
  };
  const readAll = async (): Promise<void> => {
    setProgress({ done: 0, total: maxPages });
    const outcome = await readAllPages(
      registerReads,
      device,
      type,
      (done, total) => setProgress({ done, total }),
      () => cancelled.current,
    );
    setProgress(null);
    if (cancelled.current) return;
    if (outcome.failed > 0) void message.warning(t('rules.page.readAllFailed', outcome));
    else void message.success(t('rules.page.readAllDone', outcome));
  };
  const write = async (): Promise<void> => {
    const outcome = await writePage(registerReads, device, type, page, (operation) =>
      runner.run(operation, `rules:${type}:${page}`, { label: t('rules.page.write'), quiet: true }),
    );
    if (outcome === 'written') void message.success(t('rules.page.writeSuccess'));
    if (outcome === 'differs') {
      const count = useRulePages.getState().pages[key]?.differences.length ?? 0;
      void message.warning(t('rules.page.writeDiffers', { count }));
    }
    if (outcome === 'unverified') {
      const failure = useRulePages.getState().pages[key]?.error;
      void message.warning(
        t('rules.page.writeUnverified', { message: failure ? errorText(failure, t) : '' }),
      );
    }
  };

  const opened = open !== null ? (rows?.[open] ?? null) : null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`rule-page-${type}`}>
      <Space wrap>
        <span>{t('rules.page.pageLabel')}</span>
        <Select<number>
          value={page}
          onChange={setPage}
          style={{ width: 120 }}
          data-testid="rule-page-select"
          options={Array.from({ length: maxPages }, (_, i) => ({
            value: i,
            label: t('rules.page.page', { page: i + 1 }),
          }))}
        />
        <Button
          onClick={() => void read()}
          loading={entry.busy === 'reading'}
          disabled={busy}
          data-testid="rule-read"
        >
          {t('rules.page.read')}
        </Button>
        <Button onClick={() => void readAll()} disabled={busy} data-testid="rule-read-all">
          {t('rules.page.readAll')}
        </Button>
        {canEdit && (
          <>
            <Button
              type="primary"
              onClick={() => void write()}
              loading={entry.busy === 'writing'}
              disabled={busy || rows === null}
              title={rows === null ? t('rules.page.notRead') : undefined}
              data-testid="rule-write"
            >
              {t('rules.page.write')}
            </Button>
            <Button
              onClick={() => update(key, withoutEdits)}
              disabled={busy || entry.edited.length === 0}
              data-testid="rule-discard"
            >
              {t('rules.page.discard')}
            </Button>
          </>
        )}
      </Space>
      {progress && (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => t('rules.page.readingAll', progress)}
          data-testid="rule-read-progress"
        />
      )}
      {entry.error && entry.error.message !== '' && (
        <Alert type="error" showIcon message={errorText(entry.error, t)} data-testid="rule-error" />
      )}
      {entry.error && entry.error.message === '' && (
        <Alert
          type="error"
          showIcon
          message={t('rules.page.errors.other', {
            action: t('rules.page.errors.actions.write'),
            message: '—',
          })}
          data-testid="rule-error"
        />
      )}
      <RuleTable
        type={type}
        page={page}
        entry={entry}
        lang={context.lang}
        canEdit={canEdit}
        onOpen={setOpen}
      />
      {open !== null && opened !== null && (
        <RuleDialog
          key={`${key}:${open}`}
          type={type}
          index={page * 10 + open}
          rule={opened}
          context={canEdit ? context : { ...context, readOnly: true }}
          onClose={() => setOpen(null)}
          onKeep={(rule) => {
            update(key, (e) => withEdit(e, type, open, rule));
            setOpen(null);
          }}
        />
      )}
      {runner.prompt}
    </Space>
  );
}
