/**
 * Opening or closing in turn or in sequence (types 3-6, docs/protocol.md § Open and close in turn
 * or in sequence): the condition, the interval between two steps and the DO channels, which are
 * stepped through from the lowest up.
 */
import { stepSceneAccumulates, stepSceneOpens } from '@fieldlink/protocol';
import type { StepScene } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { TimeValueField } from '../fields';
import { ConditionFields } from './ConditionFields';
import { DoSetField } from './DoSetField';

export function StepFields({ value, onChange, context }: RuleEditorProps<StepScene>) {
  const { t } = useTranslation();
  const action = stepSceneOpens(value.type) ? 'open' : 'close';
  const how = stepSceneAccumulates(value.type) ? 'sequence' : 'turn';
  return (
    <>
      <ConditionFields value={value} onChange={onChange} context={context} />
      <TimeValueField
        label={t('rules.scene.step.stepTime')}
        value={value.stepTime}
        disabled={context.readOnly}
        onChange={(stepTime) => onChange({ ...value, stepTime })}
        testId="rule-stepTime"
      />
      <DoSetField
        label={t('rules.scene.channels')}
        value={value.channels}
        context={context}
        onChange={(channels) => onChange({ ...value, channels })}
        extra={t(`rules.scene.step.${how}.${action}`)}
        testId="rule-channels"
      />
    </>
  );
}
