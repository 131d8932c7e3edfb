/**
 * "Get code": asks the server to send a one-time code to the phone (or address) of the form once
 * that field is valid, then counts down before another may be asked (the server allows one a
 * minute per target). A code sent to an e-mail address is also noted in the header's
 * notification popover, under its e-mail tab.
 */
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestCode } from '../../api/auth';
import type { CodePurpose, CodeTarget } from '../../api/auth';
import { ApiError } from '../../api/http';
import { pushNotice } from '../../shell/notices';
import { describeError } from './errors';
import { useTimeFormat } from '../../time/zone';

export const CODE_RESEND_SECONDS = 60;

interface Props {
  readonly purpose: CodePurpose;
  /** The validated target, or null when the field is not valid (its message shows then). */
  readonly target: () => Promise<CodeTarget | null>;
}

export default function CodeButton({ purpose, target }: Props) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const to = await target();
    if (!to) return;
    setBusy(true);
    try {
      const sent = await requestCode(to, purpose);
      // A code mailed to an address is kept under the notification popover's e-mail tab.
      if ('email' in to)
        pushNotice({
          kind: 'email',
          title: t('shell.notice.codeSentTitle'),
          text: t('shell.notice.codeSentTo', {
            to: to.email,
            time: time.format(sent.expiresAt, 'time'),
          }),
          at: Date.now(),
        });
      void message.success(
        t(purpose === 'recover' ? 'auth.messages.codeSentRecover' : 'auth.messages.codeObtained'),
      );
      setLeft(CODE_RESEND_SECONDS);
    } catch (error) {
      // The server allows one code a minute per phone or address (and ten an hour).
      const reason =
        error instanceof ApiError && error.status === 429
          ? t('auth.errors.codeTooSoon')
          : describeError(error, t);
      void message.error(t('auth.messages.codeFailed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={busy} disabled={left > 0} style={{ minWidth: 120 }}>
      {left > 0 ? t('auth.actions.resendIn', { seconds: left }) : t('auth.actions.getCode')}
    </Button>
  );
}
