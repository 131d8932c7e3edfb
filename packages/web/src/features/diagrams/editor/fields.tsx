/**
 * The properties panel's inputs. A typed number or text is committed when the field is left or
 * Enter is pressed (one undo step for "120", not three for 1, 12, 120); the arrows of a number
 * commit at once. A colour commits when the pick is complete, and offers the project's palette.
 */
import { ColorPicker, Flex, Input, InputNumber, Typography } from 'antd';
import type { ColorPickerProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly onCommit: (value: number) => void;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** Whole numbers only. */
  readonly integer?: boolean;
  readonly disabled?: boolean;
  readonly suffix?: string;
}

export function NumberField({
  label,
  value,
  onCommit,
  min,
  max,
  step = 1,
  integer,
  disabled,
  suffix,
}: NumberFieldProps) {
  const [typed, setTyped] = useState<number | null>(value);
  useEffect(() => setTyped(value), [value]);
  const commit = (next: number | null): void => {
    if (next === null || !Number.isFinite(next)) {
      setTyped(value);
      return;
    }
    let v = integer ? Math.round(next) : next;
    if (min !== undefined) v = Math.max(min, v);
    if (max !== undefined) v = Math.min(max, v);
    setTyped(v);
    if (v !== value) onCommit(v);
  };
  return (
    <InputNumber<number>
      aria-label={label}
      size="small"
      value={typed}
      min={min}
      max={max}
      step={step}
      precision={integer ? 0 : undefined}
      disabled={disabled}
      suffix={suffix}
      style={{ width: '100%' }}
      onChange={setTyped}
      onStep={(next) => commit(next)}
      onBlur={() => commit(typed)}
      onPressEnter={() => commit(typed)}
    />
  );
}

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onCommit: (value: string) => void;
  readonly maxLength: number;
  readonly multiline?: boolean;
  readonly disabled?: boolean;
}

export function TextField({ label, value, onCommit, maxLength, multiline, disabled }: TextFieldProps) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const commit = (): void => {
    if (typed !== value) onCommit(typed);
  };
  const common = {
    'aria-label': label,
    size: 'small' as const,
    value: typed,
    maxLength,
    disabled,
    // The format refuses NUL characters in text.
    onChange: (e: { target: { value: string } }) =>
      setTyped(e.target.value.split(String.fromCharCode(0)).join('')),
    onBlur: commit,
  };
  return multiline ? (
    <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} />
  ) : (
    <Input {...common} onPressEnter={commit} />
  );
}

type PickedColor = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

/** #rrggbb, or #rrggbbaa when it is not opaque (the format takes both). */
export function hexOf(color: PickedColor): string {
  return color.toHexString();
}

interface ColorFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onCommit: (value: string) => void;
  /** The project's colours, offered as swatches. */
  readonly palette: readonly string[];
  readonly disabled?: boolean;
}

export function ColorField({ label, value, onCommit, palette, disabled }: ColorFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    <Flex align="center" gap={8}>
      <ColorPicker
        size="small"
        aria-label={label}
        value={shown}
        disabled={disabled}
        presets={
          palette.length > 0
            ? [{ label: t('diagramEditor.fields.projectColours'), colors: [...palette] }]
            : []
        }
        onChange={(color) => setShown(hexOf(color))}
        onChangeComplete={(color) => {
          const hex = hexOf(color);
          setShown(hex);
          if (hex !== value) onCommit(hex);
        }}
      />
      <Typography.Text code style={{ fontSize: 12 }}>
        {shown}
      </Typography.Text>
      {palette.length > 0 && (
        <Flex gap={2} wrap role="group" aria-label={t('diagramEditor.fields.swatchesOf', { label })}>
          {palette.slice(0, 8).map((colour, i) => (
            <button
              key={`${colour}-${i}`}
              type="button"
              className="diagram-editor-swatch"
              title={colour}
              aria-label={t('diagramEditor.fields.useColour', { colour })}
              disabled={disabled}
              style={{ background: colour }}
              onClick={() => colour !== value && onCommit(colour)}
            />
          ))}
        </Flex>
      )}
    </Flex>
  );
}
