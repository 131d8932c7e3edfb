/**
 * The six colours of a device (settings.colors: fBKColor, fDColor, fAColor, fAHColor, fALColor,
 * fTitleColor). The contract takes any CSS colour of up to 64 characters; the picker writes hex
 * (#rrggbb, or #rrggbbaa with transparency), and a colour stored as a name or rgba() stays as it is
 * until changed. Cleared is '' (the console's default colour).
 */
import { ColorPicker, Form, Space, Typography } from 'antd';
import type { ColorPickerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOR_KEYS } from './info-values';
import type { ColorKey } from './info-values';

/** The contract's colour (protocol api/settings.ts `Color`). */
export const CSS_COLOR = /^[#A-Za-z0-9(),.%\s-]*$/;
export const COLOR_MAX = 64;

type PickedColor = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

/** The text a picked colour is stored as; '' when cleared. */
export function colorText(color: PickedColor): string {
  return color.cleared ? '' : color.toHexString();
}

interface ColorInputProps {
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  readonly id?: string;
  readonly disabled?: boolean;
}

function ColorInput({ value = '', onChange, id, disabled }: ColorInputProps) {
  const { t } = useTranslation();
  return (
    <Space size={8}>
      <ColorPicker
        value={value === '' ? null : value}
        onChange={(color) => onChange?.(colorText(color))}
        onClear={() => onChange?.('')}
        allowClear
        disabled={disabled}
        data-testid={id ? `color-${id}` : undefined}
      />
      <Typography.Text type={value === '' ? 'secondary' : undefined} code={value !== ''}>
        {value === '' ? t('configure.info.notes.notSet') : value}
      </Typography.Text>
    </Space>
  );
}

/** A colour swatch with its text, for the read-only view. */
export function ColorSwatch({ value }: { readonly value: string }) {
  return <ColorInput value={value} disabled />;
}

export default function ColorsFields() {
  const { t } = useTranslation();
  const rules = [
    {
      validator: async (_: unknown, value: unknown) => {
        if (typeof value === 'string' && (value.length > COLOR_MAX || !CSS_COLOR.test(value))) {
          throw new Error(t('configure.info.validation.color'));
        }
      },
    },
  ];
  return (
    <Space wrap size={[24, 0]}>
      {COLOR_KEYS.map((key: ColorKey) => (
        <Form.Item key={key} name={['colors', key]} label={t(`configure.info.colors.${key}`)} rules={rules}>
          <ColorInput id={key} />
        </Form.Item>
      ))}
    </Space>
  );
}
