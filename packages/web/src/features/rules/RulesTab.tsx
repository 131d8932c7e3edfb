/**
 * A device's rules (spec 001 § 2): a tab per rule page type its model holds (`rulePages` of the
 * type catalogue), the time left until a written configuration takes effect, and a warning before
 * leaving with rows changed and not written. Users without the edit right read and view the rules
 * ('no configuration permission currently').
 */
import { isPageTypeName } from '@fieldlink/protocol';
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { Alert, Button, Empty, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory, usePermission } from '../../equipment/directory';
import { canConfigure } from '../../equipment/rights';
import { ruleContextOf } from '../../rules/editors/context';
import { useRulePages, withoutEdits } from '../../rules/page-store';
import type { PageKey } from '../../rules/page-store';
import { useUnsavedChanges } from '../configure/unsaved';
import { langOf } from '../monitoring/format';
import CopyDialog from './CopyDialog';
import ExportDialog from './ExportDialog';
import ImportDialog from './ImportDialog';
import RulePageView from './RulePageView';

/** The tabs' order: the timers, the triggers (switch before analog), scenes, logic, meters. */
const TAB_ORDER: readonly PageTypeName[] = [
  'rtc',
  'di',
  'ai',
  'scene',
  'scene2',
  'logic',
  'aorule',
  'mb',
  'dl645',
];

/** The device applies its configuration this long after the last write (spec 001 § 4, § 9). */
export const TAKES_EFFECT_MS = 60_000;

function WriteCountdown({ equipmentId }: { readonly equipmentId: number }) {
  const { t } = useTranslation();
  const writtenAt = useRulePages((s) => s.writtenAt[equipmentId]);
  const [now, setNow] = useState(() => Date.now());
  // `now` is only ticked while a countdown runs: from a write it is at least the write's time.
  const left = writtenAt === undefined ? 0 : writtenAt + TAKES_EFFECT_MS - Math.max(now, writtenAt);
  useEffect(() => {
    if (writtenAt === undefined || left <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [writtenAt, left]);
  if (writtenAt === undefined) return null;
  return left > 0 ? (
    <Alert
      type="info"
      showIcon
      data-testid="rule-countdown"
      message={t('rules.page.effect', { seconds: Math.ceil(left / 1000) })}
    />
  ) : (
    <Alert type="success" showIcon data-testid="rule-countdown" message={t('rules.page.effective')} />
  );
}

export default function RulesTab({ record }: { readonly record: Equipment }) {
  const { t, i18n } = useTranslation();
  const type = useDirectory((d) => d.types[record.type]);
  const permission = usePermission(record.id) ?? record.permission;
  const canEdit = canConfigure(permission);
  const lang: Lang = langOf(i18n.language);
  const context = useMemo(() => ruleContextOf(record, lang, !canEdit), [record, lang, canEdit]);
  const [tool, setTool] = useState<'export' | 'import' | 'copy' | null>(null);
  const prefix = `${record.id}:`;
  const dirty = useRulePages((s) =>
    Object.entries(s.pages).some(([key, entry]) => key.startsWith(prefix) && entry.edited.length > 0),
  );
  useUnsavedChanges(dirty, () => {
    const { pages, update } = useRulePages.getState();
    for (const key of Object.keys(pages) as PageKey[]) if (key.startsWith(prefix)) update(key, withoutEdits);
  });

  const pageTypes: readonly PageTypeName[] = (type?.rulePages.filter(isPageTypeName) ?? []).sort(
    (a, b) => TAB_ORDER.indexOf(a) - TAB_ORDER.indexOf(b),
  );
  if (pageTypes.length === 0) return <Empty description={t('rules.page.none')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rules-tab">
      {!canEdit && (
        <Alert
          type="warning"
          showIcon
          data-testid="rule-no-permission"
          message={t('rules.page.noPermission')}
          description={t('rules.page.noPermissionHint')}
        />
      )}
      <WriteCountdown equipmentId={record.id} />
      <Space wrap>
        <Button onClick={() => setTool('export')} data-testid="rule-export">
          {t('rules.page.tools.export')}
        </Button>
        {canEdit && (
          <>
            <Button onClick={() => setTool('import')} data-testid="rule-import">
              {t('rules.page.tools.import')}
            </Button>
            <Button onClick={() => setTool('copy')} data-testid="rule-copy">
              {t('rules.page.tools.copy')}
            </Button>
          </>
        )}
      </Space>
      {tool === 'export' && (
        <ExportDialog record={record} pageTypes={pageTypes} lang={lang} onClose={() => setTool(null)} />
      )}
      {tool === 'import' && canEdit && (
        <ImportDialog record={record} rulePages={pageTypes} lang={lang} onClose={() => setTool(null)} />
      )}
      {tool === 'copy' && canEdit && (
        <CopyDialog record={record} pageTypes={pageTypes} lang={lang} onClose={() => setTool(null)} />
      )}
      <Tabs
        destroyOnHidden
        items={pageTypes.map((pageType) => ({
          key: pageType,
          label: t(`rules.page.types.${pageType}`),
          children: <RulePageView record={record} type={pageType} canEdit={canEdit} context={context} />,
        }))}
      />
    </Space>
  );
}
