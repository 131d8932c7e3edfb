/** Changing the password: the current one, then the new one twice (§5: at least 6 characters). */
import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/me';
import { describeError } from '../auth/errors';
import { formRule } from '../auth/form-rules';
import { confirmRule, passwordRule } from '../auth/validators';

interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}

export default function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: PasswordValues) => {
    setBusy(true);
    try {
      await changePassword(v.current, v.next);
      form.resetFields();
      void message.success(t('account.password.changed'));
    } catch (error) {
      void message.error(t('account.messages.saveFailed', { reason: describeError(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      style={{ maxWidth: 400 }}
    >
      <Form.Item
        name="current"
        label={t('account.password.current')}
        rules={[formRule((v) => (v ? null : 'auth.validation.passwordRequired'), t)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('account.password.currentPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item name="next" label={t('auth.fields.newPassword')} rules={[formRule(passwordRule, t)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.placeholders.newPassword')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.fields.confirmPassword')}
        dependencies={['next']}
        rules={[({ getFieldValue }) => formRule(confirmRule(String(getFieldValue('next') ?? '')), t)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.placeholders.confirmPassword')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.actions.save')}
      </Button>
    </Form>
  );
}
