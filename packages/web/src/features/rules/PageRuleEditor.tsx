/**
 * The editor of a page type's rule model (one per model, packages/web/src/rules/editors): the
 * timers' schedule, the switch and analog triggers, scenes (both scene pages), logic, analog-output
 * rules, and the Modbus and DL645 meter entries.
 */
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import type { ComponentType } from 'react';
import type { RuleContext, RuleEditorProps } from '../../rules/editors/context';
import AnalogOutputEditor from '../../rules/editors/logic/AnalogOutputEditor';
import LogicEditor from '../../rules/editors/logic/LogicEditor';
import Dl645MeterEditor from '../../rules/editors/meters/Dl645MeterEditor';
import ModbusMeterEditor from '../../rules/editors/meters/ModbusMeterEditor';
import SceneEditor from '../../rules/editors/scene/SceneEditor';
import ScheduleEditor from '../../rules/editors/schedule/ScheduleEditor';
import AnalogTriggerEditor from '../../rules/editors/trigger/AnalogTriggerEditor';
import TriggerEditor from '../../rules/editors/trigger/TriggerEditor';
import type { AnyPageRule } from '../../rules/page-store';

type Editors = { readonly [T in PageTypeName]: ComponentType<RuleEditorProps<PageRule<T>>> };

const EDITORS: Editors = {
  rtc: ScheduleEditor,
  di: TriggerEditor,
  ai: AnalogTriggerEditor,
  scene: SceneEditor,
  scene2: SceneEditor,
  logic: LogicEditor,
  aorule: AnalogOutputEditor,
  mb: ModbusMeterEditor,
  dl645: Dl645MeterEditor,
};

export default function PageRuleEditor({
  type,
  value,
  onChange,
  context,
}: {
  readonly type: PageTypeName;
  readonly value: AnyPageRule;
  readonly onChange: (next: AnyPageRule) => void;
  readonly context: RuleContext;
}) {
  // The value is of this page type's model (the page decoded it); TypeScript cannot follow the pair.
  const Editor = EDITORS[type] as ComponentType<RuleEditorProps<AnyPageRule>>;
  return <Editor value={value} onChange={onChange} context={context} />;
}
