/**
 * /ForgetPasswd: an SMS code to the account's phone (purpose recover), then a new password. The
 * server ends every session of the account; the user signs in again with the new password.
 */
import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { recover } from '../../api/auth';
import AuthLayout from './AuthLayout';
import { describeError } from './errors';
import { formRule } from './form-rules';
import PhoneCodeFields from './PhoneCodeFields';
import { confirmRule, passwordRule } from './validators';

interface RecoveryForm {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RecoveryForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: RecoveryForm) => {
    setBusy(true);
    try {
      await recover({ phone: values.phone.trim(), code: values.code.trim(), password: values.password });
      void message.success(t('auth.messages.recoverSucceeded'));
      void navigate('/login', { replace: true });
    } catch (error) {
      void message.error(t('auth.messages.recoverFailed', { reason: describeError(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.titles.recover')}>
      <Form<RecoveryForm> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <PhoneCodeFields form={form} purpose="recover" />
        <Form.Item name="password" label={t('auth.fields.newPassword')} rules={[formRule(passwordRule, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.placeholders.newPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.fields.confirmPassword')}
          dependencies={['password']}
          rules={[({ getFieldValue }) => formRule(confirmRule(String(getFieldValue('password') ?? '')), t)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.placeholders.confirmPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.actions.resetPassword')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.actions.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
