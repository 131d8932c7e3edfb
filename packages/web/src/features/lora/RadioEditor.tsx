/**
 * The editor of the radio parameters: one field a parameter, each with the protocol's bounds, the
 * values the gateway holds put in whenever they are read. A value out of bounds is said on its
 * field and nothing is written.
 */
import type { LoraRadioParams } from '@fieldlink/protocol';
import { Button, Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RADIO_BOUNDS, RADIO_FIELDS, radioOf, within } from './lora-values';
import type { RadioField } from './lora-values';

type RadioForm = Partial<Record<RadioField, number | null>>;

export default function RadioEditor({
  held,
  heldAt,
  writing,
  reading,
  onWrite,
}: {
  /** What the gateway holds, once read. */
  readonly held: LoraRadioParams | undefined;
  /** When it was read: each read puts the values in again, even when they did not change. */
  readonly heldAt: number;
  readonly writing: boolean;
  readonly reading: boolean;
  readonly onWrite: (params: LoraRadioParams) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RadioForm>();
  const label = (field: RadioField) => t(`rules.lora.radio.fields.${field}`);

  // What the gateway holds replaces what the editor shows, after a read as after a write (when
  // the gateway kept other values than written, the editor shows those).
  useEffect(() => {
    if (held) form.setFieldsValue(held);
  }, [held, heldAt, form]);

  return (
    <Form<RadioForm>
      form={form}
      layout="inline"
      onFinish={(values) => {
        const params = radioOf(values);
        if (params) onWrite(params);
      }}
    >
      {RADIO_FIELDS.map((field) => {
        const bounds = RADIO_BOUNDS[field];
        return (
          <Form.Item
            key={field}
            name={field}
            label={label(field)}
            extra={t('rules.lora.radio.range', bounds)}
            rules={[
              { required: true, message: t('rules.lora.radio.required', { field: label(field) }) },
              {
                validator: (_, value: unknown) =>
                  value === null || value === undefined || within(value, bounds)
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t('rules.lora.radio.outOfRange', { field: label(field), ...bounds })),
                      ),
              },
            ]}
          >
            <InputNumber<number> style={{ width: 120 }} disabled={!held} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={writing}
          disabled={!held || reading}
          data-testid="lora-radio-write"
        >
          {t('rules.lora.write')}
        </Button>
      </Form.Item>
    </Form>
  );
}
