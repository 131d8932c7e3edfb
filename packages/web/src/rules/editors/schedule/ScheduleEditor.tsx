/**
 * The timer rule of the `rtc` pages (docs/protocol.md § Schedule): the rule index, the mode, the
 * 'more' flag, the mode's time part and, for modes 1, 2 and 4, the output that runs. Modes 0 and
 * 3 have no output (the device forces it off), so none is shown there. Modes 5-7 are not
 * defined: they are shown as abnormal with their bytes, which are kept until the user picks a
 * defined mode.
 */
import { say, scheduleModeName, SCHEDULE_MODES } from '@fieldlink/protocol';
import type { OutputRule, ScheduleRule } from '@fieldlink/protocol';
import { Alert, Checkbox, Divider, Select, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { NumberField, RuleField } from '../fields';
import OutputEditor from '../output/OutputEditor';
import DateTimeIntervalEditor from './DateTimeIntervalEditor';
import FixedPointEditor from './FixedPointEditor';
import { holdParts, isDefinedMode, switchMode } from './modes';
import type { HeldParts } from './modes';
import WeekIntervalEditor from './WeekIntervalEditor';
import WeeklyCycleEditor from './WeeklyCycleEditor';

function hexBytes(raw: readonly number[]): string {
  return raw.map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

export default function ScheduleEditor({ value, onChange, context }: RuleEditorProps<ScheduleRule>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  // What the rule held in each mode while this dialog is open, so switching back restores it.
  const held = useRef<HeldParts>({});
  useEffect(() => {
    held.current = holdParts(held.current, value);
  }, [value]);

  const modeOptions = SCHEDULE_MODES.map((name, mode) => ({ value: mode, label: say(name, context.lang) }));
  if (!isDefinedMode(value.mode)) {
    modeOptions.push({
      value: value.mode,
      label: t('rules.schedule.abnormalMode', {
        name: scheduleModeName(value.mode, context.lang),
        code: value.mode,
      }),
    });
  }

  const setOutput = (output: OutputRule): void => {
    if (value.mode === 1 || value.mode === 2 || value.mode === 4) onChange({ ...value, output });
  };

  return (
    <>
      <Space wrap align="start">
        <NumberField
          label={t('rules.fields.ruleIndex')}
          value={value.dev}
          onChange={(dev) => onChange({ ...value, dev })}
          min={0}
          max={255}
          disabled={disabled}
          testId="rule-dev"
        />
        <RuleField label={t('rules.schedule.mode')} testId="rule-mode">
          <Select<number>
            value={value.mode}
            options={modeOptions}
            disabled={disabled}
            style={{ minWidth: 200 }}
            popupMatchSelectWidth={false}
            onChange={(mode) => {
              if (isDefinedMode(mode)) onChange(switchMode(value, mode, held.current));
            }}
          />
        </RuleField>
      </Space>
      <RuleField label={null} testId="rule-more">
        <Checkbox
          checked={value.more}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, more: e.target.checked })}
        >
          {t('rules.schedule.more')}
        </Checkbox>
      </RuleField>

      {value.mode === 0 && (
        <Typography.Text type="secondary">{t('rules.schedule.disabledNote')}</Typography.Text>
      )}
      {value.mode > 4 && 'raw' in value && (
        <Alert
          type="warning"
          showIcon
          data-testid="rule-abnormal"
          title={t('rules.schedule.abnormalNote', { code: value.mode, bytes: hexBytes(value.raw) })}
        />
      )}

      {value.mode !== 0 && isDefinedMode(value.mode) && (
        <Divider titlePlacement="start" plain>
          {t('rules.schedule.when')}
        </Divider>
      )}
      {value.mode === 1 && (
        <div data-testid="rule-at">
          <FixedPointEditor
            value={value.at}
            onChange={(at) => onChange({ ...value, at })}
            context={context}
          />
        </div>
      )}
      {value.mode === 2 && (
        <div data-testid="rule-weekly">
          <WeeklyCycleEditor
            value={value.weekly}
            onChange={(weekly) => onChange({ ...value, weekly })}
            context={context}
          />
        </div>
      )}
      {value.mode === 3 && (
        <div data-testid="rule-interval">
          <DateTimeIntervalEditor
            value={value.interval}
            onChange={(interval) => onChange({ ...value, interval })}
            context={context}
          />
          <Alert type="info" showIcon title={t('rules.schedule.noOutput')} style={{ marginTop: 12 }} />
        </div>
      )}
      {value.mode === 4 && (
        <div data-testid="rule-window">
          <WeekIntervalEditor
            value={value.window}
            onChange={(window) => onChange({ ...value, window })}
            context={context}
          />
        </div>
      )}

      {(value.mode === 1 || value.mode === 2 || value.mode === 4) && (
        <div data-testid="rule-output">
          <Divider titlePlacement="start" plain>
            {t('rules.schedule.output')}
          </Divider>
          {value.mode === 4 && (
            <Typography.Paragraph type="secondary">
              {t('rules.schedule.reversedOutside')}
            </Typography.Paragraph>
          )}
          <OutputEditor value={value.output} onChange={setOutput} context={context} />
        </div>
      )}
    </>
  );
}
