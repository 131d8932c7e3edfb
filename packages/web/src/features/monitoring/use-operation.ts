/**
 * Runs a device operation (POST /equipment/:id/operations) and says how it went as a message.
 * The new state is not fetched: the server reads the device back and pushes it over /ws.
 *
 * Confirmation: a caller may ask its question first (`confirm`). For a user who confirms
 * operations with the password (`confirmOperations` with `operationPassword`), every operation that
 * writes is asked in the password prompt instead, whatever the caller's setting, because the server refuses
 * it without the password (docs/api.md § Operations); reads go as before. Should the server ask
 * for the password though the console did not expect it (the setting changed elsewhere), the
 * prompt opens then.
 */
import { OPERATIONS, say } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { createElement, useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { operate } from '../../api/operations';
import type { BasicParam } from '../../session/me';
import { useMe } from '../../session/me';
import { recordHistory } from '../../shell/historyLists';
import { langOf } from './format';
import PasswordPrompt from './PasswordPrompt';
import type { PasswordRequest } from './PasswordPrompt';

export interface RunOptions {
  /** What the messages call the operation; the catalogue's label by default. */
  readonly label?: string;
  /** The question that describes it, in a confirmation and in the password prompt. */
  readonly question?: string;
  /** Ask the question before sending (without the password, an OK is enough). */
  readonly confirm?: boolean;
  /** No success message: the caller tells the outcome its own way (failures are still told). */
  readonly quiet?: boolean;
}

export interface OperationRunner {
  /** Keys of operations still waiting for their reply (a channel, 'all', …). */
  readonly pending: ReadonlySet<string>;
  /** Whether operations that write go through the password prompt. */
  readonly passwordAsked: boolean;
  /** Asks as needed, then sends; true when the operation was carried out. */
  run(operation: Operation, key: string, options?: RunOptions): Promise<boolean>;
  /** The password prompt while it is open: render it beside the controls. */
  readonly prompt: ReactNode;
}

/** Whether the user's param asks for the password on operations (the server's own rule). */
export function asksPassword(
  param: Pick<BasicParam, 'confirmOperations' | 'operationPassword'> | undefined,
): boolean {
  return param !== undefined && param.confirmOperations && param.operationPassword;
}

/** A wait in seconds as a count of the unit a person says it in. */
function readableWait(seconds: number): { count: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { count: seconds, unit: 'second' };
  if (seconds < 120 * 60) return { count: Math.ceil(seconds / 60), unit: 'minute' };
  return { count: Math.ceil(seconds / 3600), unit: 'hour' };
}

/** The server's refusal of the password, as the prompt's field shows it; null for other errors. */
export function passwordRefusal(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'wrong_password') return t('monitoring.password.wrong');
  if (error.code === 'password_required') return t('monitoring.password.required');
  if (error.status === 429) {
    if (error.retryAfterSeconds === null) return t('monitoring.password.tooManyLater');
    const { count, unit } = readableWait(error.retryAfterSeconds);
    return t('monitoring.password.tooMany', { wait: t(`monitoring.password.wait.${unit}`, { count }) });
  }
  return null;
}

/** How a request ended: carried out, failed (said in a message), or refused for the password. */
type Sent = { readonly ok: boolean } | { readonly password: ApiError };

export function useOperation(equipmentId: number): OperationRunner {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [request, setRequest] = useState<(PasswordRequest & { readonly id: number }) | null>(null);
  const open = useRef<{ readonly id: number; readonly cancel: () => void } | null>(null);
  const passwordAsked = useMe((s) => asksPassword(s.me?.param));

  const send = useCallback(
    async (
      operation: Operation,
      key: string,
      name: string,
      quiet: boolean,
      password?: string,
    ): Promise<Sent> => {
      setPending((p) => new Set(p).add(key));
      try {
        const reply = await operate(equipmentId, operation, password === undefined ? {} : { password });
        const done = t(
          reply.status === 'started' ? 'monitoring.operation.started' : 'monitoring.operation.done',
          {
            operation: name,
          },
        );
        // §3's operation list: what was sent and how it ended, kept per user.
        recordHistory('operation', { text: `#${equipmentId} ${done}` });
        if (!quiet) void message.success(done);
        return { ok: true };
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.code === 'password_required' || (password !== undefined && passwordRefusal(error, t)))
        ) {
          return { password: error };
        }
        const status = error instanceof ApiError ? error.status : 0;
        const text =
          status === 409
            ? t('monitoring.operation.offline', { operation: name })
            : status === 403
              ? t('monitoring.operation.forbidden', { operation: name })
              : status === 503
                ? t('monitoring.operation.unavailable', { operation: name })
                : t('monitoring.operation.failed', {
                    operation: name,
                    message: error instanceof Error ? error.message : String(error),
                  });
        recordHistory('operation', { text: `#${equipmentId} ${text}` });
        void message.error(text);
        return { ok: false };
      } finally {
        setPending((p) => {
          const next = new Set(p);
          next.delete(key);
          return next;
        });
      }
    },
    [equipmentId, message, t],
  );

  /** Opens the prompt; settles when the operation was carried out (true) or given up (false). */
  const withPassword = useCallback(
    (operation: Operation, key: string, name: string, quiet: boolean, question: string, notice?: string) =>
      new Promise<boolean>((resolve) => {
        open.current?.cancel();
        const id = (open.current?.id ?? 0) + 1;
        const close = (ok: boolean): void => {
          if (open.current?.id !== id) return;
          open.current = null;
          setRequest(null);
          resolve(ok);
        };
        open.current = { id, cancel: () => close(false) };
        setRequest({
          id,
          question,
          ...(notice === undefined ? {} : { notice }),
          submit: async (password) => {
            const sent = await send(operation, key, name, quiet, password);
            if ('password' in sent)
              return passwordRefusal(sent.password, t) ?? t('monitoring.password.wrong');
            close(sent.ok);
            return null;
          },
          cancel: () => close(false),
        });
      }),
    [send, t],
  );

  const run = useCallback(
    async (operation: Operation, key: string, options: RunOptions = {}): Promise<boolean> => {
      const name = options.label ?? say(OPERATIONS[operation.opr].label, langOf(i18n.language));
      const question = options.question ?? t('monitoring.operation.confirm', { operation: name });
      const quiet = options.quiet ?? false;
      if (passwordAsked && OPERATIONS[operation.opr].writes) {
        return withPassword(operation, key, name, quiet, question);
      }
      if (options.confirm) {
        const confirmed = await modal.confirm({
          title: t('monitoring.do.confirmTitle'),
          content: question,
          okText: t('monitoring.do.ok'),
          cancelText: t('monitoring.do.cancel'),
        });
        if (!confirmed) return false;
      }
      const sent = await send(operation, key, name, quiet);
      if ('password' in sent) {
        return withPassword(operation, key, name, quiet, question, t('monitoring.password.nowRequired'));
      }
      return sent.ok;
    },
    [i18n.language, modal, passwordAsked, send, t, withPassword],
  );

  const prompt = request === null ? null : createElement(PasswordPrompt, { key: request.id, request });
  return { pending, passwordAsked, run, prompt };
}
