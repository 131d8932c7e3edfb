/** /register: user name, password, and the phone confirmed by an SMS code (purpose register). */
import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { register } from '../../api/auth';
import { useBranding } from '../../branding/store';
import { keepRedirect } from '../../routes/guard.decide';
import AuthLayout from './AuthLayout';
import { describeError } from './errors';
import { formRule } from './form-rules';
import PhoneCodeFields from './PhoneCodeFields';
import UserNameInput from './UserNameInput';
import { confirmRule, passwordRule, userNameRule, withPrefix } from './validators';

interface RegistrationForm {
  userName: string;
  password: string;
  confirm: string;
  phone: string;
  code: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  // Sent here from sign-in on the way to a page (a share link): sign-in then goes on there.
  const login = keepRedirect('/login', useLocation().search);
  const prefix = useBranding((b) => b.userNamePrefix);
  const [form] = Form.useForm<RegistrationForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: RegistrationForm) => {
    setBusy(true);
    try {
      const account = await register({
        userName: withPrefix(prefix, values.userName),
        password: values.password,
        phone: values.phone.trim(),
        code: values.code.trim(),
      });
      void message.success(t('auth.messages.registerSucceeded'));
      void navigate(login, { replace: true, state: { userName: account.userName } });
    } catch (error) {
      void message.error(`${t('auth.messages.registerFailed')}: ${describeError(error, t)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.titles.register')}>
      <Form<RegistrationForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="userName"
          label={t('auth.fields.userName')}
          rules={[formRule((v) => userNameRule(withPrefix(prefix, v)), t)]}
        >
          <UserNameInput placeholder={t('auth.placeholders.userName')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.fields.password')} rules={[formRule(passwordRule, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.placeholders.password')}
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
        <PhoneCodeFields form={form} purpose="register" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.actions.register')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={login}>{t('auth.actions.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
