/**
 * The header of the channel scenes (types 1-7, docs/protocol.md § Scene header): the rule whose
 * holding starts the scene and the hold time, which is the specification's scene stable time
 * (0-63 in the time's unit): the rule must hold that long without a break before the scene starts.
 */
import { say, SCENE_STABLE_TIME } from '@fieldlink/protocol';
import type { SceneCondition } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleContext } from '../context';
import { RuleRefField, TimeValueField } from '../fields';

export function ConditionFields<T extends SceneCondition>({
  value,
  onChange,
  context,
}: {
  readonly value: T;
  readonly onChange: (next: T) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RuleRefField
        label={t('rules.scene.condition')}
        value={value}
        context={context}
        onChange={(ref) => onChange({ ...value, ruleType: ref.ruleType, rule: ref.rule })}
        testId="rule-condition"
      />
      <TimeValueField
        label={t('rules.scene.holdTime')}
        value={value.holdTime}
        disabled={context.readOnly}
        onChange={(holdTime) => onChange({ ...value, holdTime })}
        extra={t('rules.scene.stableTime', { bound: say(SCENE_STABLE_TIME.hint, context.lang) })}
        testId="rule-holdTime"
      />
    </>
  );
}
