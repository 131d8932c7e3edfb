/** The phone number and SMS code fields with the "get code" button, shared by registration and recovery. */
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Flex, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '../../api/auth';
import CodeButton from './CodeButton';
import { formRule } from './form-rules';
import { codeRule, phoneRule } from './validators';

export default function PhoneCodeFields<T extends { phone: string }>({
  form,
  purpose,
}: {
  form: FormInstance<T>;
  purpose: CodePurpose;
}) {
  const { t } = useTranslation();
  const target = async () => {
    try {
      const values = await form.validateFields(['phone']);
      return { phone: String(values.phone).trim() };
    } catch {
      return null;
    }
  };
  return (
    <>
      <Form.Item name="phone" label={t('auth.fields.phone')} rules={[formRule(phoneRule, t)]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('auth.placeholders.phone')}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
        />
      </Form.Item>
      {/* The label names the code's input: it sits in a row with the button, not directly inside. */}
      <Form.Item label={t('auth.fields.code')} htmlFor="code" required>
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[formRule(codeRule, t)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('auth.placeholders.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
            />
          </Form.Item>
          <CodeButton purpose={purpose} target={target} />
        </Flex>
      </Form.Item>
    </>
  );
}
