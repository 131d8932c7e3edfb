/**
 * "Get code": asks the server to send a one-time code to the phone (or address) of the form once
 * that field is valid, then counts down before another may be asked (the server allows one a
 * minute per target).
 */
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestCode } from '../../api/auth';
import type { CodePurpose, CodeTarget } from '../../api/auth';
import { ApiError } from '../../api/http';
import { describeError } from './errors';

export const CODE_RESEND_SECONDS = 60;

interface Props {
  readonly purpose: CodePurpose;
  /** The validated target, or null when the field is not valid (its message shows then). */
  readonly target: () => Promise<CodeTarget | null>;
}

export default function CodeButton({ purpose, target }: Props) {
  const { t } = useTranslation();
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
      await requestCode(to, purpose);
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
