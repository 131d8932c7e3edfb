/**
 * The marquee and the water-flow light (types 1 and 2, docs/protocol.md § Marquee and water-flow
 * light): the condition, whether the run repeats while the rule holds and starts from the highest
 * channel, how many passes, the pause between passes, how long each channel is on and the gap
 * before the next, and the DO channels it runs over.
 */
import type { MarqueeScene } from '@fieldlink/protocol';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { NumberField, RuleField, TimeValueField } from '../fields';
import { ConditionFields } from './ConditionFields';
import { DoSetField } from './DoSetField';

export function MarqueeFields({ value, onChange, context }: RuleEditorProps<MarqueeScene>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  return (
    <>
      <ConditionFields value={value} onChange={onChange} context={context} />
      <RuleField label={t('rules.scene.marquee.run')} testId="rule-flags">
        <Checkbox
          checked={value.cycle}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, cycle: e.target.checked })}
          data-testid="rule-cycle"
        >
          {t('rules.scene.marquee.cycle')}
        </Checkbox>
        <Checkbox
          checked={value.reverse}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, reverse: e.target.checked })}
          data-testid="rule-reverse"
        >
          {t('rules.scene.marquee.reverse')}
        </Checkbox>
      </RuleField>
      <NumberField
        label={t('rules.scene.marquee.cycleCount')}
        value={value.cycleCount}
        min={0}
        max={255}
        disabled={disabled}
        onChange={(cycleCount) => onChange({ ...value, cycleCount })}
        extra={t('rules.scene.marquee.endless')}
        testId="rule-cycleCount"
      />
      <TimeValueField
        label={t('rules.scene.marquee.openTime')}
        value={value.openTime}
        disabled={disabled}
        onChange={(openTime) => onChange({ ...value, openTime })}
        testId="rule-openTime"
      />
      <TimeValueField
        label={t('rules.scene.marquee.closeTime')}
        value={value.closeTime}
        disabled={disabled}
        onChange={(closeTime) => onChange({ ...value, closeTime })}
        testId="rule-closeTime"
      />
      <TimeValueField
        label={t('rules.scene.marquee.waitTime')}
        value={value.waitTime}
        disabled={disabled}
        onChange={(waitTime) => onChange({ ...value, waitTime })}
        testId="rule-waitTime"
      />
      <DoSetField
        label={t('rules.scene.channels')}
        value={value.channels}
        context={context}
        onChange={(channels) => onChange({ ...value, channels })}
        testId="rule-channels"
      />
    </>
  );
}
