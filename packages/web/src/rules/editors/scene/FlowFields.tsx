/**
 * The cumulative flow totaliser (type 30, docs/protocol.md § Cumulative flow): its module, its
 * mode (disabled, DO switch, DO loop), the valve's DO channel, the flow register it reads, the
 * advance, and the valve's open and close times, which the specification bounds to 1-255 s while
 * the mode is on. A disabled totaliser shows only its module and mode; its other fields are kept.
 */
import { secondsToTimeValue, timeValueToSeconds, VALVE_TIME } from '@fieldlink/protocol';
import type { CumulativeFlowScene, TimeValue } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { ChannelSelect, CodeSelect, NumberField, TimeValueField } from '../fields';
import { OperandField } from './OperandField';
import { FLOW_MODE_OPTIONS } from './options';

const DISABLED = 0;
const U16_MAX = 0xffff;

/** Whether the mode drives the valve, so its times must be within the valve bound. */
export function drivesValve(mode: number): boolean {
  return mode === 1 || mode === 2;
}

export function withinValveBound(time: TimeValue): boolean {
  const seconds = timeValueToSeconds(time);
  return seconds >= VALVE_TIME.min && seconds <= VALVE_TIME.max;
}

/** The shortest valve time, given to a time that is out of the bound when the valve is switched on. */
const SHORTEST_VALVE_TIME = secondsToTimeValue(VALVE_TIME.min);

/** The totaliser after the user picks a mode: a driven valve gets times within its bound. */
export function withMode(rule: CumulativeFlowScene, mode: number): CumulativeFlowScene {
  if (!drivesValve(mode)) return { ...rule, mode };
  const fit = (time: TimeValue): TimeValue => (withinValveBound(time) ? time : SHORTEST_VALVE_TIME);
  return { ...rule, mode, openTime: fit(rule.openTime), closeTime: fit(rule.closeTime) };
}

export function FlowFields({ value, onChange, context }: RuleEditorProps<CumulativeFlowScene>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const valve = drivesValve(value.mode);
  const bound = { min: VALVE_TIME.min, max: VALVE_TIME.max };
  const valveProblem = (time: TimeValue): string | null =>
    valve && !withinValveBound(time) ? t('rules.scene.flow.valveProblem', bound) : null;
  const valveNote = valve ? t('rules.scene.flow.valveBound', bound) : undefined;
  return (
    <>
      <NumberField
        label={t('rules.scene.flow.module')}
        value={value.module}
        min={0}
        max={255}
        disabled={disabled}
        onChange={(module) => onChange({ ...value, module })}
        testId="rule-module"
      />
      <CodeSelect
        label={t('rules.scene.flow.mode')}
        value={value.mode}
        options={FLOW_MODE_OPTIONS}
        lang={context.lang}
        disabled={disabled}
        onChange={(mode) => onChange(withMode(value, mode))}
        extra={value.mode === DISABLED ? t('rules.scene.flow.disabledNote') : undefined}
        testId="rule-mode"
      />
      {value.mode !== DISABLED && (
        <>
          <ChannelSelect
            label={t('rules.scene.flow.doChannel')}
            kind="do"
            value={value.doChannel}
            context={context}
            onChange={(doChannel) => onChange({ ...value, doChannel })}
            testId="rule-doChannel"
          />
          <OperandField
            label={t('rules.scene.flow.register')}
            value={{ source: value.regSource, value: value.regAddr }}
            context={context}
            onChange={(reg) => onChange({ ...value, regSource: reg.source, regAddr: reg.value })}
            testId="rule-reg"
          />
          <NumberField
            label={t('rules.scene.flow.advance')}
            value={value.advance}
            min={0}
            max={U16_MAX}
            disabled={disabled}
            onChange={(advance) => onChange({ ...value, advance })}
            extra={t('rules.scene.flow.advanceNote')}
            testId="rule-advance"
          />
          <TimeValueField
            // The bound applies only while the valve is driven: a mode change draws the field anew.
            key={`open-${valve}`}
            label={t('rules.scene.flow.openTime')}
            value={value.openTime}
            disabled={disabled}
            onChange={(openTime) => onChange({ ...value, openTime })}
            problemOf={valveProblem}
            extra={valveNote}
            testId="rule-openTime"
          />
          <TimeValueField
            key={`close-${valve}`}
            label={t('rules.scene.flow.closeTime')}
            value={value.closeTime}
            disabled={disabled}
            onChange={(closeTime) => onChange({ ...value, closeTime })}
            problemOf={valveProblem}
            extra={valveNote}
            testId="rule-closeTime"
          />
        </>
      )}
    </>
  );
}
