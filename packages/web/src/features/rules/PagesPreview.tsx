/**
 * The pages an import or a copy is about to write, before the user confirms: each page with the
 * rules in use on it (rows that are not all zeros, described in the console's language) and,
 * once written, what became of it.
 */
import { decodePage, describeRuleParts, PAGE_TYPES, ruleSize } from '@fieldlink/protocol';
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageOutcome } from '../../rules/page-actions';

export interface PreviewPage {
  readonly type: PageTypeName;
  readonly index: number;
  readonly bytes: Uint8Array;
}

/** The descriptions of the rows of a page that hold a rule (not all zeros). */
export function rulesInUse(page: PreviewPage, lang: Lang): string[] {
  const size = ruleSize(page.type);
  const kind = PAGE_TYPES[page.type].kind;
  return decodePage(page.type, page.bytes).flatMap((rule, slot) => {
    const used = page.bytes.subarray(slot * size, (slot + 1) * size).some((b) => b !== 0);
    if (!used || rule === null) return [];
    const parts = describeRuleParts(kind, rule as never, lang);
    return [`${page.index * 10 + slot}: ${[parts.trigger, parts.operation].filter(Boolean).join(' → ')}`];
  });
}

export default function PagesPreview({
  pages,
  lang,
  outcomes = [],
}: {
  readonly pages: readonly PreviewPage[];
  readonly lang: Lang;
  readonly outcomes?: readonly PageOutcome[];
}) {
  const { t } = useTranslation();
  return (
    <Table<PreviewPage>
      size="small"
      pagination={false}
      scroll={{ y: 320 }}
      rowKey={(p) => `${p.type}:${p.index}`}
      dataSource={[...pages]}
      data-testid="rule-preview"
      columns={[
        {
          title: t('rules.page.tools.columns.page'),
          width: 180,
          render: (_, p) =>
            `${t(`rules.page.types.${p.type}`)} · ${t('rules.page.page', { page: p.index + 1 })}`,
        },
        {
          title: t('rules.page.tools.columns.rules'),
          render: (_, p) => {
            const used = rulesInUse(p, lang);
            return used.length === 0 ? '—' : used.map((text) => <div key={text}>{text}</div>);
          },
        },
        {
          title: '',
          width: 120,
          render: (_, p) => {
            const done = outcomes.find((o) => o.type === p.type && o.index === p.index);
            if (!done) return null;
            return (
              <Tag color={done.outcome === 'written' ? 'success' : 'error'}>
                {t(`rules.page.tools.outcomes.${done.outcome}`)}
              </Tag>
            );
          },
        },
      ]}
    />
  );
}

/** 'Load succeeded' when every page of a batch was written and read back so, else 'Load failed'. */
export function LoadOutcome({ outcomes }: { readonly outcomes: readonly PageOutcome[] }) {
  const { t } = useTranslation();
  if (outcomes.length === 0) return null;
  const failed = outcomes.filter((o) => o.outcome !== 'written').length;
  return (
    <Alert
      type={failed === 0 ? 'success' : 'error'}
      showIcon
      data-testid="rule-load-outcome"
      message={
        failed === 0
          ? t('rules.page.tools.loadSucceeded', { count: outcomes.length })
          : t('rules.page.tools.loadFailed', { failed })
      }
    />
  );
}
