/**
 * The navigation guard: a layout route around every other route. It carries out the decisions of
 * guard.decide.ts (login links, the whitelist, the sign-in redirect, /noRole and /403) and
 * installs what the session needs from the router: navigation, messages, the 401 handler.
 */
import { App as AntApp, Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { login, tokenLogin } from '../api/auth';
import type { SessionReply } from '../api/auth';
import { queryClient } from '../app/query-client';
import { loadBranding } from '../branding/store';
import { installSessionHandlers } from '../session/handlers';
import { endSessionLocally } from '../session/logout';
import { useMe } from '../session/me';
import { setCurrentRoute, setNavigator } from '../session/navigation';
import { notify, setNotifier } from '../session/notify';
import { restoreSession, startSession, useSessionStart } from '../session/signin';
import { useSession } from '../session/store';
import { decide, loginPathFor } from './guard.decide';
import type { GuardDecision } from './guard.decide';

/** §9: a failed login link tells so, then leaves for its redirect_uri after 3 s. */
export const LEAVE_DELAY_MS = 3000;

type LinkLogin = Extract<GuardDecision, { kind: 'tokenLogin' | 'passwordLogin' }>;

/** One attempt per link, even when React runs an effect twice. */
const attempts = new Map<string, Promise<void>>();

async function signInByLink(decision: LinkLogin, go: (to: string) => void, failure: string): Promise<void> {
  // §4: a login link clears the cache and replaces any session of this tab.
  queryClient.clear();
  if (useSession.getState().accessToken) await endSessionLocally();
  try {
    const tokens: SessionReply =
      decision.kind === 'tokenLogin'
        ? await tokenLogin(decision.token)
        : await login(decision.userName, decision.password);
    await startSession(tokens);
    go(decision.next);
  } catch {
    notify('error', failure, 'login-link');
    if (decision.redirectUri) {
      const target = decision.redirectUri;
      setTimeout(() => window.location.assign(target), LEAVE_DELAY_MS);
    } else {
      go(loginPathFor(decision.next));
    }
  }
}

function Waiting() {
  return <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />;
}

export default function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const accessToken = useSession((s) => s.accessToken);
  const me = useMe((s) => s.me);
  const starting = useSessionStart((s) => s.starting);
  const [unreachable, setUnreachable] = useState(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    installSessionHandlers();
    void loadBranding();
    setNotifier(message);
    setNavigator((to, options) => void navigate(to, options));
    return () => {
      setNavigator(null);
      setNotifier(null);
    };
  }, [message, navigate]);

  useEffect(() => setCurrentRoute(location.pathname + location.search), [location.pathname, location.search]);

  const decision = decide({
    path: location.pathname,
    search: location.search,
    signedIn: accessToken !== null,
    level: me?.authority ?? null,
    starting,
  });

  useEffect(() => {
    if (decision.kind === 'tokenLogin' || decision.kind === 'passwordLogin') {
      const key = location.pathname + location.search;
      if (attempts.has(key)) return;
      const failure =
        decision.kind === 'tokenLogin' ? t('auth.messages.tokenInvalid') : t('auth.messages.linkLoginFailed');
      const go = (to: string) => void navigate(to, { replace: true });
      attempts.set(
        key,
        signInByLink(
          decision,
          go,
          decision.redirectUri ? t('auth.messages.linkLoginLeaving') : failure,
        ).finally(() => attempts.delete(key)),
      );
    } else if (decision.kind === 'loadMe') {
      setUnreachable(false);
      restoreSession().catch((error: unknown) => {
        // A refused token has already signed the user out; what is left is an unreachable server.
        if (useSession.getState().accessToken) setUnreachable(true);
        console.warn('session not restored', error);
      });
    }
    // `decision` is derived from these (its identity changes on every render).
  }, [decision.kind, location.pathname, location.search, retry]);

  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'loadMe':
      if (unreachable) {
        return (
          <Result
            status="warning"
            title={t('auth.messages.serverUnreachable')}
            extra={
              <Button type="primary" onClick={() => setRetry((n) => n + 1)}>
                {t('auth.actions.retry')}
              </Button>
            }
          />
        );
      }
      return <Waiting />;
    default:
      return <Waiting />;
  }
}
