/**
 * Drawing one rule editor in a component test as the rule dialog draws it (a vertical antd Form
 * inside an IssueScope), with the latest value it handed back and the problems its fields report.
 */
import type { Lang } from '@fieldlink/protocol';
import { Form } from 'antd';
import type { ComponentType } from 'react';
import { useState } from 'react';
import type { Equipment } from '../../api/equipment';
import { sampleRecordOf } from '../../equipment/test-support';
import { renderWithApp } from '../../features/monitoring/test-render';
import { i18n } from '../../i18n';
import { ruleContextOf } from './context';
import type { RuleContext, RuleEditorProps } from './context';
import { IssueScope } from './issues';

/** A context for a device with these counts (channels named 'Pump 1'… on DO, 'Level 1'… on AI). */
export function sampleContext(
  counts: Equipment['counts'] = { do: 8, di: 8, ai: 2, ao: 0 },
  { lang = 'en', readOnly = false }: { lang?: Lang; readOnly?: boolean } = {},
): RuleContext {
  const record = sampleRecordOf(counts, (settings) => ({
    do: { ...settings.do, names: Array.from({ length: counts.do }, (_, i) => `Pump ${i + 1}`) },
    ai: {
      ...settings.ai,
      names: Array.from({ length: counts.ai }, (_, i) => `Level ${i + 1}`),
      units: Array.from({ length: counts.ai }, () => 'm'),
      // Raw 4000-20000 reads 0-5 m on every AI channel.
      x1: Array.from({ length: counts.ai }, () => 4000),
      x2: Array.from({ length: counts.ai }, () => 20000),
      y1: Array.from({ length: counts.ai }, () => 0),
      y2: Array.from({ length: counts.ai }, () => 5),
    },
  }));
  return ruleContextOf(record, lang, readOnly);
}

export interface DrawnEditor<T> {
  /** The value the editor last handed back (the first value until it changes one). */
  value(): T;
  /** How many times the editor handed a value back. */
  changes(): number;
  /** The problems its fields report now. */
  problems(): readonly string[];
}

/**
 * Draws `Editor` over `value` in the context's language; the editor's changes are fed back to it,
 * as the dialog does.
 */
export function renderEditor<T>(
  Editor: ComponentType<RuleEditorProps<T>>,
  value: T,
  context: RuleContext = sampleContext(),
): DrawnEditor<T> & ReturnType<typeof renderWithApp> {
  void i18n.changeLanguage(context.lang);
  let latest = value;
  let count = 0;
  let problems: readonly string[] = [];
  function Held() {
    const [held, setHeld] = useState(value);
    return (
      <IssueScope onChange={(list) => (problems = list)}>
        <Form layout="vertical" component="div">
          <Editor
            value={held}
            context={context}
            onChange={(next) => {
              latest = next;
              count++;
              setHeld(next);
            }}
          />
        </Form>
      </IssueScope>
    );
  }
  const drawn = renderWithApp(<Held />);
  return { ...drawn, value: () => latest, changes: () => count, problems: () => problems };
}
