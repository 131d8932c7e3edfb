/** Making a wall link: a label (1-64 characters) and when it expires, if ever. */
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramLinkCreate } from '../../../api/diagram-links';
import { EXPIRY_CHOICES, expiryOf } from './expiry';
import type { ExpiryChoice } from './expiry';

export const LABEL_MAX = 64;

interface Values {
  readonly label: string;
  readonly expiry: ExpiryChoice;
  readonly date?: Dayjs | null;
}

export default function CreateLinkForm({
  busy,
  onCreate,
  now = Date.now,
}: {
  readonly busy: boolean;
  readonly onCreate: (link: DiagramLinkCreate) => void;
  readonly now?: () => number;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [choice, setChoice] = useState<ExpiryChoice>('never');

  const submit = (values: Values) => {
    const expiresAt = expiryOf(values.expiry, values.date ?? null, now());
    if (expiresAt === 'past') {
      form.setFields([{ name: 'date', errors: [t('diagramLinks.dialog.pastDate')] }]);
      return;
    }
    onCreate({ label: values.label.trim(), expiresAt });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ label: '', expiry: 'never' }}
      onFinish={submit}
      data-testid="link-create"
    >
      <Flex gap={12} wrap align="start">
        <Form.Item
          name="label"
          label={t('diagramLinks.dialog.label')}
          style={{ flex: 1, minWidth: 220 }}
          rules={[
            {
              required: true,
              whitespace: true,
              max: LABEL_MAX,
              message: t('diagramLinks.dialog.labelRequired', { max: LABEL_MAX }),
            },
          ]}
        >
          <Input placeholder={t('diagramLinks.dialog.labelPlaceholder')} maxLength={LABEL_MAX} />
        </Form.Item>
        <Form.Item name="expiry" label={t('diagramLinks.dialog.expiry')} style={{ minWidth: 160 }}>
          <Select<ExpiryChoice>
            onChange={setChoice}
            aria-label={t('diagramLinks.dialog.expiry')}
            options={EXPIRY_CHOICES.map((value) => ({
              value,
              label: t(`diagramLinks.dialog.expiryChoices.${value}`),
            }))}
          />
        </Form.Item>
        {choice === 'date' && (
          <Form.Item
            name="date"
            label={t('diagramLinks.dialog.expiryDate')}
            rules={[{ required: true, message: t('diagramLinks.dialog.pastDate') }]}
          >
            <DatePicker aria-label={t('diagramLinks.dialog.expiryDate')} />
          </Form.Item>
        )}
      </Flex>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('diagramLinks.dialog.create')}
      </Button>
    </Form>
  );
}
