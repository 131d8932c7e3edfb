/**
 * /login: user name and password (§5 rules), then back to the `redirect` route or home. Links to
 * registration and recovery, and buttons for the social providers that offer a sign-in page.
 * While the server has a demo account with its default password, a hint above the form shows its
 * credentials with a button that fills them in (the user still signs in).
 */
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { demoAccount, login, socialProviders } from '../../api/auth';
import { useBranding } from '../../branding/store';
import { keepRedirect, safeRedirect } from '../../routes/guard.decide';
import { startSession } from '../../session/signin';
import AuthLayout from './AuthLayout';
import { describeError } from './errors';
import { formRule } from './form-rules';
import UserNameInput from './UserNameInput';
import { beginSocial } from './social';
import { passwordRule, signInNameRule, withPrefix } from './validators';

interface Credentials {
  userName: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const prefix = useBranding((b) => b.userNamePrefix);
  const [busy, setBusy] = useState(false);
  // Coming from registration, the new name is filled in.
  const registered = (location.state as { userName?: unknown } | null)?.userName;
  const redirect = safeRedirect(new URLSearchParams(location.search).get('redirect'));
  const providers = useQuery({
    queryKey: ['auth', 'social-providers'],
    queryFn: socialProviders,
    retry: false,
  });
  const reachable = (providers.data ?? []).filter((p) => p.authorizeUrl);
  const [form] = Form.useForm<Credentials>();
  // Nothing is shown (or logged) when the server has no demo account or cannot say.
  const demo = useQuery({ queryKey: ['auth', 'demo-account'], queryFn: demoAccount, retry: false });
  // Under a tenant whose prefix the demo's name lacks, the name sent would not be the demo's.
  const offered =
    demo.data && withPrefix(prefix, demo.data.userName) === demo.data.userName ? demo.data : null;

  const submit = async ({ userName, password }: Credentials) => {
    setBusy(true);
    try {
      const me = await startSession(await login(withPrefix(prefix, userName), password));
      void message.success(t('auth.messages.loginSucceeded', { name: me.userName }));
      void navigate(redirect, { replace: true });
    } catch (error) {
      void message.error(describeError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.titles.login')}>
      {offered && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            // The button goes under the words when both do not fit on a line, not into them.
            <Flex wrap align="center" justify="space-between" gap={8}>
              <span>{t('auth.demo.hint', { userName: offered.userName, password: offered.password })}</span>
              <Button
                size="small"
                onClick={() =>
                  // Errors of an earlier empty submit go with the values they were about.
                  form.setFields([
                    { name: 'userName', value: offered.userName, errors: [] },
                    { name: 'password', value: offered.password, errors: [] },
                  ])
                }
              >
                {t('auth.demo.use')}
              </Button>
            </Flex>
          }
        />
      )}
      <Form<Credentials>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        initialValues={typeof registered === 'string' ? { userName: registered } : {}}
      >
        <Form.Item name="userName" label={t('auth.fields.userName')} rules={[formRule(signInNameRule, t)]}>
          <UserNameInput placeholder={t('auth.placeholders.userName')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.fields.password')} rules={[formRule(passwordRule, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.placeholders.password')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.actions.login')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to={keepRedirect('/register', location.search)}>{t('auth.actions.toRegister')}</Link>
        <Link to="/ForgetPasswd">{t('auth.actions.forgotPassword')}</Link>
      </Flex>
      {reachable.length > 0 && (
        <>
          <Divider plain />
          <Space wrap>
            {reachable.map((p) => (
              <Button
                key={p.id}
                onClick={() =>
                  window.location.assign(beginSocial(p.id, p.authorizeUrl ?? '', 'login', redirect))
                }
              >
                {t('auth.actions.signInWith', { name: p.name })}
              </Button>
            ))}
          </Space>
        </>
      )}
    </AuthLayout>
  );
}
