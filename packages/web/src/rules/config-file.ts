/**
 * A device's rule configuration as a file (JSON, versioned): for each page read, its place, its
 * bytes as hex, and its ten rules decoded and described beside them so that a person can read the
 * file. On import the bytes are what is written; decoded rules, when the file has them, must match
 * the bytes (a hand edit of the decoded form that the bytes do not carry is refused, not lost
 * silently), and the file must be of the device's model and of pages that model has.
 */
import {
  decodePage,
  describeRuleParts,
  fromHex,
  PAGE_TYPE_NAMES,
  PAGE_TYPES,
  pageStart,
  toHex,
} from '@fieldlink/protocol';
import type { Lang, PageTypeName } from '@fieldlink/protocol';
import { z } from 'zod';

export const CONFIG_FORMAT = 'fieldlink-rules';
export const CONFIG_VERSION = 1;

/** A page of rules by its place: page type and page index (from 0). */
export interface PageBytes {
  readonly type: PageTypeName;
  readonly index: number;
  readonly bytes: Uint8Array;
}

const RuleEntry = z.object({
  index: z.number().int().min(0),
  trigger: z.string(),
  operation: z.string(),
  rule: z.unknown(),
});

const PageDocument = z.object({
  type: z.enum(PAGE_TYPE_NAMES),
  /** From 1, as the page selector shows it. */
  page: z.number().int().min(1),
  start: z.number().int().min(0).max(0xffff),
  hex: z.string().regex(/^[0-9A-Fa-f]*$/, 'hex digits only'),
  rules: z.array(RuleEntry).optional(),
});

const ConfigDocument = z.object({
  format: z.literal(CONFIG_FORMAT),
  version: z.literal(CONFIG_VERSION),
  exportedAt: z.string(),
  device: z.object({ sn: z.string(), type: z.string(), name: z.string() }),
  pages: z.array(PageDocument),
});
export type ConfigDocument = z.infer<typeof ConfigDocument>;

export interface ExportSource {
  readonly sn: string;
  readonly type: string;
  readonly name: string;
  readonly series2000: boolean;
}

/** The file of these pages (in page-type order, then page order), with descriptions in `lang`. */
export function exportConfig(
  source: ExportSource,
  pages: readonly PageBytes[],
  lang: Lang,
  at: Date,
): ConfigDocument {
  const sorted = [...pages].sort(
    (a, b) => PAGE_TYPE_NAMES.indexOf(a.type) - PAGE_TYPE_NAMES.indexOf(b.type) || a.index - b.index,
  );
  return {
    format: CONFIG_FORMAT,
    version: CONFIG_VERSION,
    exportedAt: at.toISOString(),
    device: { sn: source.sn, type: source.type, name: source.name },
    pages: sorted.map(({ type, index, bytes }) => {
      const kind = PAGE_TYPES[type].kind;
      return {
        type,
        page: index + 1,
        start: pageStart(type, index, { series2000: source.series2000 }),
        hex: toHex(bytes),
        rules: decodePage(type, bytes).flatMap((rule, slot) =>
          rule === null
            ? []
            : [
                {
                  index: index * 10 + slot,
                  ...describeRuleParts(kind, rule as never, lang),
                  rule: rule as unknown,
                },
              ],
        ),
      };
    }),
  };
}

export type ImportResult =
  | { readonly ok: true; readonly document: ConfigDocument; readonly pages: readonly PageBytes[] }
  | { readonly ok: false; readonly problems: readonly string[] };

/** A value as JSON with object keys sorted, so that two rules compare whatever their keys' order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Reads a file for a device of `type` holding `rulePages`: its pages, or every problem found
 * (naming the page and field), nothing written.
 */
export function importConfig(
  text: string,
  target: { readonly type: string; readonly rulePages: readonly string[] },
): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problems: ['not a JSON file'] };
  }
  const parsed = ConfigDocument.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`),
    };
  }
  const document = parsed.data;
  const problems: string[] = [];
  if (document.device.type !== target.type) {
    problems.push(`device.type: the file is of model ${document.device.type}, this device is ${target.type}`);
  }
  const seen = new Set<string>();
  const pages: PageBytes[] = [];
  document.pages.forEach((page, n) => {
    const where = `pages.${n} (${page.type} ${page.page})`;
    const layout = PAGE_TYPES[page.type];
    if (!target.rulePages.includes(page.type))
      problems.push(`${where}: this model has no ${page.type} pages`);
    if (page.page > layout.maxPages) problems.push(`${where}: page must be 1-${layout.maxPages}`);
    if (seen.has(`${page.type}:${page.page}`)) problems.push(`${where}: the page is in the file twice`);
    seen.add(`${page.type}:${page.page}`);
    const bytes = fromHex(page.hex);
    if (bytes === null || bytes.length !== layout.registers * 2) {
      problems.push(`${where}: hex must be ${layout.registers * 2} bytes (${layout.registers} registers)`);
      return;
    }
    const decoded = decodePage(page.type, bytes);
    for (const entry of page.rules ?? []) {
      const slot = entry.index - (page.page - 1) * 10;
      const rule = slot >= 0 && slot < 10 ? decoded[slot] : undefined;
      if (rule === undefined) {
        problems.push(`${where}: rule ${entry.index} is not on this page`);
      } else if (canonical(rule) !== canonical(entry.rule)) {
        problems.push(
          `${where}: rule ${entry.index} does not match the page's bytes (the bytes are what is written)`,
        );
      }
    }
    pages.push({ type: page.type, index: page.page - 1, bytes });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, document, pages };
}

/** The file's name: the serial, the model and the day. */
export function configFileName(sn: string, at: Date): string {
  return `${sn}-rules-${at.toISOString().slice(0, 10)}.json`;
}
