/**
 * The UI tab's outputs: the open-all and close-all buttons, and each output's mode in the device
 * UI (normal switch, open or close for a time, cycle) with its parameters. Only the modes the
 * device's type accepts are offered.
 */
import { channelLabel, RELAY_HOLD } from '@fieldlink/protocol';
import { Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { langOf } from '../monitoring/format';
import {
  ChannelSection,
  ChannelTable,
  FieldMessage,
  TextField,
  useErrorText,
  useFieldLabel,
} from './channel-fields';
import type { FieldErrors } from './channel-rules';
import { numberOrNull } from './channel-rules';
import { CYCLE_COUNT, modeField } from './display-model';
import type { DisplayDraft, ModeDraft } from './display-model';

const ALL_MODES = [0, 1, 2, 3] as const;

interface Props {
  readonly draft: DisplayDraft;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  /** The modes the type accepts; undefined when the type is unknown. */
  readonly relayModes: readonly number[] | undefined;
  readonly names: readonly string[];
  readonly setMode: (index: number, change: Partial<ModeDraft>) => void;
  readonly setButtons: (change: Partial<Pick<DisplayDraft, 'showOpenAll' | 'showCloseAll'>>) => void;
}

/** Seconds for a count of 0.1 s, for the hint beside the field. */
function seconds(text: string): string | null {
  const n = numberOrNull(text);
  return n === null || n <= 0 ? null : String(Number((n / 10).toFixed(1)));
}

export function DisplayModes({ draft, errors, editable, relayModes, names, setMode, setButtons }: Props) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const fieldLabel = useFieldLabel();
  const offered = ALL_MODES.filter((m) => relayModes === undefined || relayModes.includes(m));
  const modeName = (m: number) => t(`configure.display.modes.mode${m as (typeof ALL_MODES)[number]}`);
  const holdHint = RELAY_HOLD.hint[langOf(i18n.language)];

  const buttons = (
    <Space wrap size="large">
      {(['showOpenAll', 'showCloseAll'] as const).map((key) => (
        <Space key={key} size="small">
          {editable ? (
            <Switch
              size="small"
              checked={draft[key]}
              aria-label={t(`configure.display.buttons.${key}`)}
              onChange={(on) => setButtons({ [key]: on })}
            />
          ) : (
            <span>{draft[key] ? t('configure.parameters.yes') : t('configure.parameters.no')}</span>
          )}
          <span>{t(`configure.display.buttons.${key}`)}</span>
        </Space>
      ))}
    </Space>
  );

  const field = (i: number, part: 'hold' | 'count' | 'on' | 'off', text: string) => (
    <TextField
      field={modeField(i, part)}
      label={fieldLabel(channelLabel('DO', i), text)}
      value={draft.modes[i]?.[part] ?? ''}
      width={72}
      inputMode="numeric"
      errors={errors}
      editable={editable}
      onChange={(v) => setMode(i, { [part]: v })}
    />
  );

  const modeCell = (i: number, passage: string) => {
    const m = draft.modes[i]!;
    const modeError = errorText(errors[modeField(i, 'mode')]);
    const choices = offered.includes(m.mode as 0) ? offered : [...offered, m.mode];
    if (!editable) return <span>{modeName(m.mode)}</span>;
    return (
      <div className="channel-field">
        <Select
          size="small"
          style={{ width: 240 }}
          value={m.mode}
          status={modeError ? 'error' : undefined}
          aria-label={fieldLabel(passage, t('configure.display.modes.mode'))}
          options={choices.map((value) => ({ value, label: modeName(value) }))}
          onChange={(value: number) => setMode(i, { mode: value })}
        />
        <FieldMessage id={`err-mode-${i}`} text={modeError} />
      </div>
    );
  };

  const paramsCell = (i: number) => {
    const m = draft.modes[i]!;
    return (
      <>
        {(m.mode === 1 || m.mode === 2) && (
          <div className="channel-modes">
            {field(i, 'hold', t('configure.display.modes.hold'))}
            <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: '24px' }}>
              {seconds(m.hold) === null
                ? holdHint
                : t('configure.display.modes.holdSeconds', { seconds: seconds(m.hold) })}
            </Typography.Text>
          </div>
        )}
        {m.mode === 3 && (
          <div className="channel-modes">
            {field(i, 'count', t('configure.display.modes.count'))}
            <span className="channel-mode-word">{t('configure.display.modes.times')}</span>
            <span className="channel-mode-word">{t('configure.display.modes.on')}</span>
            {field(i, 'on', t('configure.display.modes.on'))}
            <span className="channel-mode-word">{t('configure.display.modes.off')}</span>
            {field(i, 'off', t('configure.display.modes.off'))}
            <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: '24px' }}>
              {t('configure.display.modes.cycleHint', {
                min: CYCLE_COUNT.min,
                max: CYCLE_COUNT.max,
                phaseMin: RELAY_HOLD.min,
                phaseMax: RELAY_HOLD.max,
              })}
            </Typography.Text>
          </div>
        )}
        {m.mode === 0 && <Typography.Text type="secondary">—</Typography.Text>}
      </>
    );
  };

  return (
    <ChannelSection title={t('configure.display.modes.title')} testId="display-modes">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {buttons}
        <Typography.Text type="secondary">{t('configure.display.buttons.help')}</Typography.Text>
        <ChannelTable
          kind="DO"
          count={draft.modes.length}
          columns={[
            {
              key: 'name',
              title: t('configure.parameters.name'),
              cell: (i, passage) => names[i]?.trim() || passage,
            },
            { key: 'mode', title: t('configure.display.modes.mode'), cell: modeCell },
            { key: 'params', title: t('configure.display.modes.params'), cell: paramsCell },
          ]}
        />
      </Space>
    </ChannelSection>
  );
}
