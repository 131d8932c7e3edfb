/**
 * A channel's live reading as the saved points show it and as the points being typed would, so the
 * effect of new points (and, for inputs, of new alarm limits) is seen before saving.
 */
import { evaluateAlarm } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import { ALARM_COLORS } from '../monitoring/InputPanels';
import { formatValue } from '../monitoring/format';

export function ScalingPreview({
  passage,
  raw,
  saved,
  typed,
  unit,
  limits,
  colors = ALARM_COLORS,
}: {
  readonly passage: string;
  /** The raw reading; undefined until one has arrived. */
  readonly raw: number | undefined;
  /** The reading scaled with the saved points. */
  readonly saved: number;
  /** The reading scaled with the typed points; null while they are not valid. */
  readonly typed: number | null;
  readonly unit: string;
  /** The typed alarm limits (inputs), null when not valid. */
  readonly limits?: { readonly low: number; readonly high: number } | null;
  /** The alarm colours of the live tab (the equipment's own, else the defaults). */
  readonly colors?: { readonly low: string; readonly high: string };
}) {
  const { t } = useTranslation();
  if (raw === undefined) {
    return (
      <span className="channel-preview" data-testid={`preview-${passage}`}>
        {t('configure.parameters.preview.waiting')}
      </span>
    );
  }
  const alarm = typed !== null && limits ? evaluateAlarm(typed, limits.low, limits.high) : 0;
  const color = alarm === 1 ? colors.high : alarm === -1 ? colors.low : undefined;
  const suffix = unit.trim() === '' ? '' : ` ${unit.trim()}`;
  return (
    <span className="channel-preview" data-testid={`preview-${passage}`}>
      <span>
        {t('configure.parameters.preview.raw')}{' '}
        <span data-testid={`preview-${passage}-raw`}>{formatValue(raw)}</span>
      </span>
      <span>
        {t('configure.parameters.preview.saved')}{' '}
        <strong data-testid={`preview-${passage}-saved`}>{formatValue(saved)}</strong>
        {suffix}
      </span>
      <span>
        {t('configure.parameters.preview.typed')}{' '}
        <strong data-testid={`preview-${passage}-typed`} style={{ color }} data-alarm={alarm}>
          {typed === null ? '—' : formatValue(typed)}
        </strong>
        {typed === null ? '' : suffix}
        {alarm !== 0 && ` (${alarm === 1 ? t('monitoring.ai.high') : t('monitoring.ai.low')})`}
      </span>
    </span>
  );
}
