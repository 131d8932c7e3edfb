/**
 * The wait of a 429 (RetryLater) in its `Retry-After` header, so a client can come back on time
 * without reading the message. The error handler writes the body; an onError hook puts the header
 * on before it runs. Fastify hooks stay inside the plugin that adds them, so each plugin whose
 * routes may throw RetryLater adds the hook itself.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RetryLater } from '../accounts/attempts.js';

/** Puts the wait of `wait` in the reply's `Retry-After` header, in whole seconds. */
export function setRetryAfter(reply: FastifyReply, wait: RetryLater): void {
  void reply.header('retry-after', String(wait.retryAfterSeconds));
}

/** Every RetryLater thrown by the routes of `app` (the plugin's instance) gets its header. */
export function retryAfterOnError(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLater) setRetryAfter(reply, error);
  });
}
