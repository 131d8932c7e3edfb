/**
 * The micro-app host (§2): embeds an app by name, address and default page in a sandboxed frame
 * and hands it the user's access token by message (micro-app-bridge.ts; docs/console.md
 * "Micro-apps"), never in an address.
 *
 * - An invalid address, or one on the console's own origin, is not embedded: the frame would be
 *   allowed scripts and its own origin, so a page of the console's origin could read the
 *   console's storage (the tokens). The failure page says which.
 * - A cross-origin frame's load errors cannot be read: when the app has not said hello within
 *   ANSWER_TIMEOUT_MS a notice over the frame says it may be unreachable, with Retry and Open in
 *   a new tab.
 * - The same app (name and address) with another default page is not reloaded: the app is told to
 *   navigate when it has said hello, else the frame is pointed at the page.
 */
import { appOrigin, appPage } from '@fieldlink/protocol';
import type { MicroAppTokenMessage } from '@fieldlink/protocol';
import { Alert, Button, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, pageLang } from '../../i18n';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';
import { createMicroAppBridge } from './micro-app-bridge';
import MicroAppFailure from './MicroAppFailure';
import './apps.css';

/** How long an app has to say hello before the host says it may be unreachable. */
export const ANSWER_TIMEOUT_MS = 15_000;

/** The frame's sandbox: scripts and its own origin (its storage), forms, pop-ups, downloads. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

/** The clock the host waits with (tests give their own). */
export interface HostTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const WINDOW_TIMERS: HostTimers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface MicroAppHostProps {
  /** The app's name: with its address, what makes it the same app. */
  readonly name: string;
  readonly url: string;
  readonly defaultUrl: string | null;
  /** The frame's accessible name (the route's title). */
  readonly title: string;
  readonly answerTimeoutMs?: number;
  readonly timers?: HostTimers;
  /** The console's own origin (`location.origin` unless a test says otherwise). */
  readonly consoleOrigin?: string;
}

/** The token message for the session now, or null without one. */
function tokenMessage(): MicroAppTokenMessage | null {
  const token = useSession.getState().accessToken;
  const me = useMe.getState().me;
  if (!token || !me) return null;
  return {
    type: 'fieldlink:token',
    token,
    user: { id: me.id, name: me.userName },
    locale: pageLang(i18n.language),
  };
}

export default function MicroAppHost(props: MicroAppHostProps) {
  const origin = appOrigin(props.url);
  const page = appPage(props.url, props.defaultUrl);
  if (origin === null || page === null) return <MicroAppFailure reason="invalidAddress" url={props.url} />;
  if (origin === (props.consoleOrigin ?? window.location.origin))
    return <MicroAppFailure reason="ownOrigin" url={props.url} />;
  // Another app (name or address) is a new frame with a new bridge; a new default page is not.
  return <HostFrame key={`${props.name}\n${props.url}`} {...props} origin={origin} page={page} />;
}

function HostFrame({
  url,
  defaultUrl,
  title,
  origin,
  page,
  answerTimeoutMs = ANSWER_TIMEOUT_MS,
  timers = WINDOW_TIMERS,
}: MicroAppHostProps & { readonly origin: string; readonly page: string }) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The page the frame shows now (told by message or loaded).
  const shown = useRef(page);
  const [src, setSrc] = useState(page);
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState(false);
  const [late, setLate] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const bridge = useMemo(
    () =>
      createMicroAppBridge({ origin, frame: () => frameRef.current?.contentWindow ?? null, tokenMessage }),
    [origin],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (bridge.receive(event)) {
        setAnswered(true);
        setLate(false);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [bridge]);

  // A renewed token (the refresh every 6 minutes, session/refresh.ts) and another language go to
  // the app again; a sign-out posts nothing.
  useEffect(
    () =>
      useSession.subscribe((now, before) => {
        if (now.accessToken && now.accessToken !== before.accessToken) bridge.renew();
      }),
    [bridge],
  );
  useEffect(() => {
    const onLanguage = () => void bridge.renew();
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [bridge]);

  useEffect(() => {
    if (page === shown.current) return;
    shown.current = page;
    if (bridge.navigate(defaultUrl ?? url) === 'reload') setSrc(page);
  }, [bridge, page, defaultUrl, url]);

  useEffect(() => {
    if (answered) return undefined;
    const handle = timers.setTimeout(() => setLate(true), answerTimeoutMs);
    return () => timers.clearTimeout(handle);
  }, [answered, attempt, answerTimeoutMs, timers]);

  const retry = () => {
    bridge.reset();
    setAnswered(false);
    setLate(false);
    setDismissed(false);
    setSrc(shown.current);
    setAttempt((n) => n + 1);
  };

  return (
    <div className="fl-micro-app" data-testid="micro-app-host">
      {late && !answered && !dismissed && (
        <Alert
          className="fl-micro-app-notice"
          type="warning"
          showIcon
          title={t('apps.host.lateTitle')}
          description={t('apps.host.lateText')}
          data-testid="micro-app-late"
          action={
            <Space orientation="vertical" size={4}>
              <Button size="small" type="primary" onClick={retry}>
                {t('apps.host.retry')}
              </Button>
              <Button size="small" href={src} target="_blank" rel="noopener noreferrer">
                {t('apps.host.openInTab')}
              </Button>
              <Button size="small" type="text" onClick={() => setDismissed(true)}>
                {t('apps.host.dismiss')}
              </Button>
            </Space>
          }
        />
      )}
      <iframe
        key={attempt}
        ref={frameRef}
        src={src}
        title={title}
        sandbox={FRAME_SANDBOX}
        referrerPolicy="no-referrer"
        className="fl-micro-app-frame"
        data-testid="micro-app-frame"
      />
    </div>
  );
}
