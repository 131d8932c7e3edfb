/**
 * Binding a new phone or e-mail address: a `bind` code sent to it, and the account's password
 * (docs/api.md `POST /me/bind`: a stolen token alone must not be enough).
 */
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bind } from '../../api/me';
import { useMe } from '../../session/me';
import CodeButton from '../auth/CodeButton';
import { describeError } from '../auth/errors';
import { formRule } from '../auth/form-rules';
import { codeRule, emailCodeRule, emailRule, phoneRule } from '../auth/validators';

interface BindValues {
  target: string;
  code: string;
  password: string;
}

export default function BindForm({ channel }: { channel: 'phone' | 'email' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const [busy, setBusy] = useState(false);
  const phone = channel === 'phone';
  // Both forms are on the panel at once: the form's name keeps their field ids apart.
  const formName = `bind-${channel}`;

  const target = async () => {
    try {
      const { target: value } = await form.validateFields(['target']);
      const trimmed = String(value).trim();
      return phone ? { phone: trimmed } : { email: trimmed };
    } catch {
      return null;
    }
  };

  const submit = async (v: BindValues) => {
    setBusy(true);
    try {
      const code = v.code.trim();
      const to = v.target.trim();
      const me = await bind(
        phone ? { phone: to, code, password: v.password } : { email: to, code, password: v.password },
      );
      useMe.getState().setMe(me);
      form.resetFields();
      void message.success(t('account.binding.bound'));
    } catch (error) {
      void message.error(t('account.messages.saveFailed', { reason: describeError(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<BindValues>
      form={form}
      name={formName}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 400 }}
    >
      <Form.Item
        name="target"
        label={t(phone ? 'account.binding.newPhone' : 'account.binding.newEmail')}
        rules={[formRule(phone ? phoneRule : emailRule, t)]}
      >
        <Input
          prefix={phone ? <MobileOutlined /> : <MailOutlined />}
          placeholder={t(phone ? 'auth.placeholders.phone' : 'auth.placeholders.email')}
          inputMode={phone ? 'numeric' : 'email'}
          maxLength={phone ? 11 : 254}
        />
      </Form.Item>
      <Form.Item
        label={t(phone ? 'auth.fields.code' : 'account.binding.emailCode')}
        htmlFor={`${formName}_code`}
        required
      >
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[formRule(phone ? codeRule : emailCodeRule, t)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('auth.placeholders.code')}
              inputMode="numeric"
              maxLength={6}
            />
          </Form.Item>
          <CodeButton purpose="bind" target={target} />
        </Flex>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.binding.accountPassword')}
        rules={[formRule((v) => (v ? null : 'auth.validation.passwordRequired'), t)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.binding.bind')}
      </Button>
    </Form>
  );
}
