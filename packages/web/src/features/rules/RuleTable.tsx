/**
 * The 10 rows of a rule page (spec 001 § 2): the rule's index, its trigger and its operation in
 * the console's language ('---' and 'please refresh' until the page is read, 'err' for what the
 * device holds that no model reads), a mark on rows changed and not written and on rows the device
 * read back otherwise than written, and the button that opens the row.
 */
import { describeRuleParts, PAGE_TYPES, RULES_PER_PAGE } from '@fieldlink/protocol';
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { shownRules } from '../../rules/page-store';
import type { AnyPageRule, PageEntry } from '../../rules/page-store';

interface Row {
  readonly slot: number;
  readonly index: number;
  readonly rule: AnyPageRule | null;
}

export default function RuleTable({
  type,
  page,
  entry,
  lang,
  canEdit,
  onOpen,
}: {
  readonly type: PageTypeName;
  readonly page: number;
  readonly entry: PageEntry;
  readonly lang: Lang;
  readonly canEdit: boolean;
  readonly onOpen: (slot: number) => void;
}) {
  const { t } = useTranslation();
  const kind = PAGE_TYPES[type].kind;
  const rules = shownRules(entry);
  const rows: Row[] = Array.from({ length: RULES_PER_PAGE }, (_, slot) => ({
    slot,
    index: page * RULES_PER_PAGE + slot,
    rule: rules?.[slot] ?? null,
  }));
  const parts = (rule: AnyPageRule | null) =>
    rule === null ? null : describeRuleParts(kind, rule as never, lang);
  // Models without an output part (scenes, logic, AO rules, meter entries) are one sentence.
  const twoParts = kind === 'schedule' || kind === 'trigger' || kind === 'analogTrigger';
  const columns: TableColumnsType<Row> = [
    { title: t('rules.page.columns.index'), dataIndex: 'index', width: 72 },
    {
      title: twoParts ? t('rules.page.columns.trigger') : t('rules.page.columns.rule'),
      render: (_, row) => {
        const text = parts(row.rule);
        if (!text) {
          return (
            <Typography.Text type="secondary">
              {t('rules.page.placeholder')} {t('rules.page.refresh')}
            </Typography.Text>
          );
        }
        return <span data-testid="rule-trigger">{text.trigger}</span>;
      },
    },
    ...(twoParts
      ? [
          {
            title: t('rules.page.columns.operation'),
            render: (_: unknown, row: Row) => (
              <span data-testid="rule-operation">{parts(row.rule)?.operation ?? ''}</span>
            ),
          },
        ]
      : []),
    {
      title: t('rules.page.columns.actions'),
      width: 210,
      render: (_, row) => {
        const difference = entry.differences.find((d) => d.slot === row.slot);
        const written = difference ? parts(difference.written) : null;
        return (
          <>
            <Button size="small" disabled={row.rule === null} onClick={() => onOpen(row.slot)}>
              {canEdit ? t('rules.page.edit') : t('rules.page.view')}
            </Button>
            {entry.edited.includes(row.slot) && (
              <Tag color="processing" style={{ marginLeft: 8 }} data-testid="rule-edited">
                {t('rules.page.edited')}
              </Tag>
            )}
            {difference && (
              <Tooltip
                title={t('rules.page.differs', {
                  written: written ? [written.trigger, written.operation].filter(Boolean).join(' → ') : '—',
                })}
              >
                <Tag color="warning" style={{ marginLeft: 8 }} data-testid="rule-differs">
                  ≠
                </Tag>
              </Tooltip>
            )}
          </>
        );
      },
    },
  ];
  return (
    <Table<Row>
      size="small"
      rowKey="slot"
      columns={columns}
      dataSource={rows}
      pagination={false}
      data-testid="rule-table"
      onRow={(row) => ({ 'data-slot': row.slot }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
