/**
 * One element rule (docs/protocol.md § Diagram documents): the property it drives, the on/off
 * colours of a colour property, the threshold of an analog channel and the decimals of a text.
 * Each control is named `<label> <what>` ('pump property', 'pump on colour').
 */
import type { ElementRule } from '@fieldlink/protocol';
import { Flex, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PROPERTIES = ['fill', 'stroke', 'color', 'visibility', 'text', 'label'] as const;
const COLOURED = new Set<ElementRule['property']>(['fill', 'stroke', 'color']);
const TEXTUAL = new Set<ElementRule['property']>(['text', 'label']);

/** A colour of the document as a colour input takes it (#rrggbb). */
export function inputColour(colour: string | undefined, fallback: string): string {
  if (!colour) return fallback;
  if (/^#[0-9a-f]{3}$/i.test(colour))
    return `#${[...colour.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return colour.slice(0, 7).toLowerCase();
}

/** The rule with another property: colours filled in for a colour property that had none. */
export function withProperty(rule: ElementRule, property: ElementRule['property']): ElementRule {
  if (!COLOURED.has(property)) return { ...rule, property };
  return { ...rule, property, on: rule.on ?? '#52c41a', off: rule.off ?? '#bfbfbf' };
}

export default function RuleEditor({
  rule,
  onChange,
  label,
  analog,
}: {
  readonly rule: ElementRule;
  readonly onChange: (rule: ElementRule) => void;
  /** The binding's name, the start of each control's accessible name. */
  readonly label: string;
  /** Whether the bound channel is analog (the threshold applies). */
  readonly analog: boolean;
}) {
  const { t } = useTranslation();
  const name = (field: 'property' | 'on' | 'off' | 'threshold' | 'decimals') =>
    t('diagramDrawing.element.field', { label, field: t(`diagramDrawing.element.${field}`) });
  const coloured = COLOURED.has(rule.property);
  const textual = TEXTUAL.has(rule.property);
  return (
    <Flex gap={8} wrap align="center" className="svg-rule">
      <Select<ElementRule['property']>
        aria-label={name('property')}
        style={{ minWidth: 150 }}
        value={rule.property}
        options={PROPERTIES.map((p) => ({ value: p, label: t(`diagramDrawing.element.properties.${p}`) }))}
        onChange={(property) => onChange(withProperty(rule, property))}
      />
      {coloured && (
        <>
          <label className="svg-rule-colour">
            <Typography.Text type="secondary">{t('diagramDrawing.element.onLabel')}</Typography.Text>{' '}
            <input
              type="color"
              aria-label={name('on')}
              value={inputColour(rule.on, '#52c41a')}
              onChange={(event) => onChange({ ...rule, on: event.target.value })}
            />
          </label>
          <label className="svg-rule-colour">
            <Typography.Text type="secondary">{t('diagramDrawing.element.offLabel')}</Typography.Text>{' '}
            <input
              type="color"
              aria-label={name('off')}
              value={inputColour(rule.off, '#bfbfbf')}
              onChange={(event) => onChange({ ...rule, off: event.target.value })}
            />
          </label>
        </>
      )}
      {analog && !textual && (
        <Flex gap={4} align="center">
          <Typography.Text type="secondary">{t('diagramDrawing.element.thresholdLabel')}</Typography.Text>
          <InputNumber
            aria-label={name('threshold')}
            value={rule.threshold}
            onChange={(value) => {
              if (typeof value === 'number' && Number.isFinite(value))
                onChange({ ...rule, threshold: value });
            }}
          />
        </Flex>
      )}
      {analog && textual && (
        <Flex gap={4} align="center">
          <Typography.Text type="secondary">{t('diagramDrawing.element.decimalsLabel')}</Typography.Text>
          <InputNumber
            aria-label={name('decimals')}
            min={0}
            max={6}
            precision={0}
            value={rule.decimals}
            onChange={(value) => {
              if (typeof value === 'number') onChange({ ...rule, decimals: Math.min(6, Math.max(0, value)) });
            }}
          />
        </Flex>
      )}
    </Flex>
  );
}
