/**
 * Runs a device operation (POST /equipment/:id/operations) and says how it went as a message.
 * The new state is not fetched: the server reads the device back and pushes it over /ws.
 */
import { OPERATIONS, say } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { operate } from '../../api/operations';
import { langOf } from './format';

export interface OperationRunner {
  /** Keys of operations still waiting for their reply (a channel, 'all', …). */
  readonly pending: ReadonlySet<string>;
  run(operation: Operation, key: string, label?: string): Promise<boolean>;
}

export function useOperation(equipmentId: number): OperationRunner {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const run = useCallback(
    async (operation: Operation, key: string, label?: string): Promise<boolean> => {
      const name = label ?? say(OPERATIONS[operation.opr].label, langOf(i18n.language));
      setPending((p) => new Set(p).add(key));
      try {
        const reply = await operate(equipmentId, operation);
        void message.success(
          t(reply.status === 'started' ? 'monitoring.operation.started' : 'monitoring.operation.done', {
            operation: name,
          }),
        );
        return true;
      } catch (error) {
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
        void message.error(text);
        return false;
      } finally {
        setPending((p) => {
          const next = new Set(p);
          next.delete(key);
          return next;
        });
      }
    },
    [equipmentId, i18n.language, message, t],
  );

  return { pending, run };
}
