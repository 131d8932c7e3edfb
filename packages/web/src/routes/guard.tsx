/**
 * The navigation guard: a layout route around every other route. It carries out the decisions of
 * guard.decide.ts (login links, the whitelist, the sign-in redirect, /noRole and /403) and
 * installs what the session needs from the router: navigation, messages, the 401 handler.
 * A login link opened where a session exists asks before it ends that session.
 */
import { App as AntApp, Button, Modal, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { login, logout as endOnServer, tokenLogin } from '../api/auth';
import type { SessionReply } from '../api/auth';
import { queryClient } from '../app/query-client';
import { loadBranding, useBranding } from '../branding/store';
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

/**
 * The user chose to follow a login link for another account: the session held here ends, on the
 * server too (the refresh token is sent before the tokens are forgotten), and the guard then
 * carries the link out as for a visitor without a session.
 */
async function endSessionForLink(): Promise<void> {
  const { accessToken, refreshToken } = useSession.getState();
  if (accessToken || refreshToken) endOnServer(refreshToken).catch(() => undefined);
  await endSessionLocally();
}

function Waiting() {
  // antd's Spin keeps its dots at the start of a block: the box centres it.
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '30vh' }}>
      <Spin size="large" />
    </div>
  );
}

export default function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const accessToken = useSession((s) => s.accessToken);
  const me = useMe((s) => s.me);
  const starting = useSessionStart((s) => s.starting);
  const brandingLoaded = useBranding((b) => b.loaded);
  const redirectAllow = useBranding((b) => b.redirectAllow);
  const [unreachable, setUnreachable] = useState(false);
  const [retry, setRetry] = useState(0);
  const [switching, setSwitching] = useState(false);
  const allowedOrigins = useMemo(() => [window.location.origin, ...redirectAllow], [redirectAllow]);

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
    ...(me ? { access: me.access } : {}),
    starting,
    allowedOrigins,
  });
  const link = decision.kind === 'tokenLogin' || decision.kind === 'passwordLogin' ? decision : null;
  // A link that would replace this browser's session waits for the user's answer.
  const asking = link?.replacesSession === true;

  useEffect(() => {
    if (asking) {
      // The question names the account signed in here: load its record if it is not in yet.
      if (!useMe.getState().me) restoreSession().catch(() => undefined);
    } else if (decision.kind === 'tokenLogin' || decision.kind === 'passwordLogin') {
      // redirect_uri is judged against the server's allowlist, which comes with the branding.
      if (!brandingLoaded) return;
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
  }, [decision.kind, asking, brandingLoaded, location.pathname, location.search, retry]);

  if (asking && link) {
    const name = me?.userName ?? t('auth.linkSwitch.currentAccount');
    return (
      <>
        <Waiting />
        <Modal
          open
          title={t('auth.linkSwitch.title')}
          closable={false}
          mask={{ closable: false }}
          okText={t('auth.linkSwitch.continue', { name })}
          cancelText={t('auth.linkSwitch.stay', { name })}
          okButtonProps={{ danger: true }}
          confirmLoading={switching}
          onOk={() => {
            setSwitching(true);
            void endSessionForLink().finally(() => setSwitching(false));
          }}
          // Staying drops the link's parameters: the page opens as the account signed in here.
          onCancel={() => void navigate(link.next, { replace: true })}
        >
          {t('auth.linkSwitch.content', { name })}
        </Modal>
      </>
    );
  }

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
