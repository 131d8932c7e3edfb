import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, errorBody } from './errors.js';
import type { ErrorCode } from './errors.js';

/** Fastify's own 4xx errors, by their code, mapped onto ours. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_VALIDATION: 'bad_request',
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    return error.validation
      .map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
      })
      .join('; ');
  }
  return error.message;
}

/**
 * Errors Fastify answers before any route, hook or error handler runs (the `frameworkErrors`
 * option of the Fastify constructor): a URL that is not valid percent-encoding, an over-long path
 * parameter. Left to Fastify they would leave in its own shape, echoing the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('bad_request', 'the URL is not valid percent-encoding'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(400).send(errorBody('bad_request', 'a path parameter is longer than 100 characters'));
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.status(500).send(errorBody('internal', 'internal error'));
}

/**
 * Every error leaves as `{ error: { code, message } }`. Client errors keep a message that says
 * what was wrong; server errors are logged with their stack and answered with a plain message.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send(errorBody('not_found', `no route for ${request.method} ${request.url.split('?')[0]}`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(errorBody('bad_request', describeValidation(error)));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      return reply.status(error.statusCode ?? 400).send(errorBody(mapped, error.message));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'internal error'));
  });
}
