/**
 * The analog-output rule of the `aorule` pages (docs/protocol.md § Analog-output rule): while its
 * condition rule holds, an AI channel's range aiL-aiH is mapped onto an AO channel's range
 * aoL-aoH. Raw channel values are entered; the channel's scaled value and unit are shown beside
 * them. A slot whose AI bounds are both 0 is not in use (the empty slot reads that way), and AO
 * bounds both 0 are the device's default 400-2000, which the editor offers as a choice of its own.
 */
import { AI_RANGES, DEFAULT_AO_RANGE, effectiveAoRange, isAnalogOutputUnset } from '@fieldlink/protocol';
import type { AiRange, AnalogOutputRule } from '@fieldlink/protocol';
import { Checkbox, Radio, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../features/monitoring/format';
import type { RuleContext, RuleEditorProps } from '../context';
import { ChannelSelect, NumberField, RuleField, RuleRefField, TimeValueField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';

/** The empty slot: what a rule taken out of use is written as. */
const UNSET: AnalogOutputRule = {
  aiRange: '4-20mA',
  aiChannel: 0,
  aiLow: 0,
  aiHigh: 0,
  aoLow: 0,
  aoHigh: 0,
  aoChannel: 0,
  ruleType: 0,
  rule: 0,
  holdTime: { value: 0, unit: 0 },
};

const RANGE_KEYS = { '4-20mA': 'range4to20mA', '0-10V': 'range0to10V' } as const;

/** The AI bounds kept when the range changes: as they are if the new range holds them, else its full span. */
function aiBoundsFor(rule: AnalogOutputRule, range: AiRange): Pick<AnalogOutputRule, 'aiLow' | 'aiHigh'> {
  const { min, max } = AI_RANGES[range];
  const fits = (n: number) => n >= min && n <= max;
  return fits(rule.aiLow) && fits(rule.aiHigh)
    ? { aiLow: rule.aiLow, aiHigh: rule.aiHigh }
    : { aiLow: min, aiHigh: max };
}

/** '≈ 1.25 m': a raw value as the channel's scaling reads it, or nothing when it is not scaled. */
function useScaled(context: RuleContext, kind: 'ai' | 'ao', channel: number) {
  const { t } = useTranslation();
  const scale = context.scale(kind, channel);
  return (raw: number) =>
    scale.scaled
      ? t('rules.logic.ao.scaled', { value: formatValue(scale.toShown(raw)), unit: scale.unit })
      : undefined;
}

export default function AnalogOutputEditor({ value, onChange, context }: RuleEditorProps<AnalogOutputRule>) {
  const { t } = useTranslation();
  const { readOnly } = context;
  // Whether the fields are shown is the user's choice once made: typing both AI bounds 0 on the
  // way to other values must not hide the fields under their hands.
  const [inUse, setInUse] = useState(() => !isAnalogOutputUnset(value));
  useEffect(() => {
    if (!isAnalogOutputUnset(value)) setInUse(true);
  }, [value]);
  const range = AI_RANGES[value.aiRange];
  const aiScaled = useScaled(context, 'ai', value.aiChannel);
  const aoScaled = useScaled(context, 'ao', value.aoChannel);
  const aoDefault = value.aoLow === 0 && value.aoHigh === 0;
  const applied = effectiveAoRange(value);
  const aiOrder = inUse && value.aiLow >= value.aiHigh ? t('rules.logic.ao.aiOrder') : null;
  const aoOrder = inUse && applied.low > applied.high ? t('rules.logic.ao.aoOrder') : null;
  useFieldIssue(useIssueKey(), aiOrder);
  useFieldIssue(useIssueKey(), aoOrder);

  const changeInUse = (on: boolean): void => {
    setInUse(on);
    if (!on) onChange(UNSET);
    else if (isAnalogOutputUnset(value)) onChange({ ...value, ...aiBoundsFor(value, value.aiRange) });
  };
  const changeRange = (aiRange: AiRange): void =>
    onChange({ ...value, aiRange, ...aiBoundsFor(value, aiRange) });

  return (
    <>
      <RuleField
        label={t('rules.logic.ao.inUse')}
        testId="rule-inUse"
        extra={inUse ? undefined : t('rules.logic.ao.unsetNote')}
      >
        <Switch checked={inUse} disabled={readOnly} onChange={changeInUse} />
      </RuleField>
      {inUse && (
        <>
          <ChannelSelect
            label={t('rules.logic.ao.aiChannel')}
            kind="ai"
            value={value.aiChannel}
            context={context}
            onChange={(aiChannel) => onChange({ ...value, aiChannel })}
            testId="rule-aiChannel"
          />
          <RuleField label={t('rules.logic.ao.aiRange')} testId="rule-aiRange">
            <Radio.Group
              value={value.aiRange}
              disabled={readOnly}
              onChange={(event) => changeRange(event.target.value as AiRange)}
              options={(Object.keys(AI_RANGES) as AiRange[]).map((key) => ({
                value: key,
                label: t(`rules.logic.ao.${RANGE_KEYS[key]}`),
              }))}
            />
          </RuleField>
          <NumberField
            label={t('rules.logic.ao.aiLow')}
            value={value.aiLow}
            min={range.min}
            max={range.max}
            disabled={readOnly}
            extra={aiScaled(value.aiLow)}
            onChange={(aiLow) => onChange({ ...value, aiLow })}
            testId="rule-aiLow"
          />
          <NumberField
            label={t('rules.logic.ao.aiHigh')}
            value={value.aiHigh}
            min={range.min}
            max={range.max}
            disabled={readOnly}
            extra={
              <>
                {aiScaled(value.aiHigh)}
                {aiOrder && <Typography.Text type="danger"> {aiOrder}</Typography.Text>}
              </>
            }
            onChange={(aiHigh) => onChange({ ...value, aiHigh })}
            testId="rule-aiHigh"
          />
          <ChannelSelect
            label={t('rules.logic.ao.aoChannel')}
            kind="ao"
            value={value.aoChannel}
            context={context}
            onChange={(aoChannel) => onChange({ ...value, aoChannel })}
            testId="rule-aoChannel"
          />
          <RuleField
            label={null}
            testId="rule-aoDefault"
            extra={
              aoDefault
                ? [
                    t('rules.logic.ao.aoApplied', { low: applied.low, high: applied.high }),
                    aoScaled(applied.low),
                    aoScaled(applied.high),
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : undefined
            }
          >
            <Checkbox
              checked={aoDefault}
              disabled={readOnly}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? { ...value, aoLow: 0, aoHigh: 0 }
                    : { ...value, aoLow: DEFAULT_AO_RANGE.low, aoHigh: DEFAULT_AO_RANGE.high },
                )
              }
            >
              {t('rules.logic.ao.aoDefault')}
            </Checkbox>
          </RuleField>
          {!aoDefault && (
            <>
              <NumberField
                label={t('rules.logic.ao.aoLow')}
                value={value.aoLow}
                min={0}
                max={0xffff}
                disabled={readOnly}
                extra={aoScaled(value.aoLow)}
                onChange={(aoLow) => onChange({ ...value, aoLow })}
                testId="rule-aoLow"
              />
              <NumberField
                label={t('rules.logic.ao.aoHigh')}
                value={value.aoHigh}
                min={0}
                max={0xffff}
                disabled={readOnly}
                extra={
                  <>
                    {aoScaled(value.aoHigh)}
                    {aoOrder && <Typography.Text type="danger"> {aoOrder}</Typography.Text>}
                  </>
                }
                onChange={(aoHigh) => onChange({ ...value, aoHigh })}
                testId="rule-aoHigh"
              />
            </>
          )}
          <RuleRefField
            label={t('rules.logic.ao.condition')}
            value={{ ruleType: value.ruleType, rule: value.rule }}
            context={context}
            onChange={(ref) => onChange({ ...value, ruleType: ref.ruleType, rule: ref.rule })}
            testId="rule-condition"
          />
          <TimeValueField
            label={t('rules.logic.ao.holdTime')}
            value={value.holdTime}
            disabled={readOnly}
            onChange={(holdTime) => onChange({ ...value, holdTime })}
            testId="rule-holdTime"
          />
        </>
      )}
    </>
  );
}
