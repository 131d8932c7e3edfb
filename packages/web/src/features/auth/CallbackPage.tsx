/**
 * /callback: the return from a social provider's sign-in page. The code is accepted only with
 * the state this tab sent (social.ts). Signed out, it signs in with the identity linked to an
 * account; signed in, it links the identity to the account and goes back to the personal center.
 */
import { App, Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { socialLogin } from '../../api/auth';
import { ApiError } from '../../api/http';
import { linkSocial } from '../../api/me';
import { safeRedirect } from '../../routes/guard.decide';
import { startSession } from '../../session/signin';
import { useSession } from '../../session/store';
import AuthLayout from './AuthLayout';
import { describeError } from './errors';
import { callbackParams, takePending } from './social';

const PERSONAL_CENTER = '/setting/personalCenter';

type Outcome = { kind: 'working' } | { kind: 'failed'; text: string; hint?: string };

/** One exchange per code, even when React runs the effect twice. */
const exchanged = new Set<string>();

export default function CallbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const signedIn = useSession((s) => s.accessToken !== null);

  useEffect(() => {
    const { code, state } = callbackParams(location.search, window.location.search);
    if (code && exchanged.has(code)) return;
    if (code) exchanged.add(code);
    // The code must not stay in the address bar or the history.
    if (window.location.search) {
      window.history.replaceState(null, '', window.location.pathname + window.location.hash);
    }
    const pending = takePending(state);
    if (!code) {
      setOutcome({ kind: 'failed', text: t('auth.messages.socialNoCode') });
      return;
    }
    if (!pending) {
      setOutcome({ kind: 'failed', text: t('auth.messages.socialStateMismatch') });
      return;
    }
    const signedInNow = useSession.getState().accessToken !== null;
    void (async () => {
      try {
        if (pending.mode === 'link' && signedInNow) {
          const link = await linkSocial(pending.provider, code);
          void message.success(t('auth.messages.socialLinked', { provider: link.provider }));
          void navigate(PERSONAL_CENTER, { replace: true });
        } else if (pending.mode === 'login' && !signedInNow) {
          const me = await startSession(await socialLogin(pending.provider, code));
          void message.success(t('auth.messages.loginSucceeded', { name: me.userName }));
          void navigate(safeRedirect(pending.redirect), { replace: true });
        } else {
          setOutcome({ kind: 'failed', text: t('auth.messages.wrongLoginMethod') });
        }
      } catch (error) {
        const notLinked =
          error instanceof ApiError && error.status === 404 && /no account is linked/.test(error.message);
        setOutcome({
          kind: 'failed',
          text: describeError(error, t),
          ...(notLinked ? { hint: t('auth.messages.socialLinkHint') } : {}),
        });
      }
    })();
  }, [location.search, message, navigate, t]);

  return (
    <AuthLayout title={t('auth.titles.callback')}>
      {outcome.kind === 'working' ? (
        <Spin description={t('auth.messages.socialWorking')}>
          <div style={{ height: 80 }} />
        </Spin>
      ) : (
        <Result
          status="warning"
          title={outcome.text}
          subTitle={outcome.hint}
          extra={
            signedIn ? (
              <Button type="primary" onClick={() => void navigate(PERSONAL_CENTER, { replace: true })}>
                {t('account.title')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
                {t('auth.actions.backToLogin')}
              </Button>
            )
          }
        />
      )}
    </AuthLayout>
  );
}
