/**
 * The live channel's envelope, `{ infotype, info, token? }`, read and written. Parsing never
 * throws: whatever arrives gives a message of the direction's union or an error the server
 * can send back as is. docs/protocol.md § Live channel.
 */
import type { z } from 'zod';
import { CLIENT_SCHEMAS } from './client-messages.js';
import type { ClientMessage } from './client-messages.js';
import { formatIssues } from './fields.js';
import { SERVER_SCHEMAS } from './server-messages.js';
import type { LiveErrorCode, LiveErrorInfo, ServerMessage } from './server-messages.js';

/** The longest frame read as text: a message is small; a megabyte leaves room for a JsonMsg. */
export const MAX_MESSAGE_CHARS = 1 << 20;

export type MessageParse<T> =
  { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: LiveErrorInfo };

function fail(code: LiveErrorCode, message: string, infotype?: string): { ok: false; error: LiveErrorInfo } {
  return { ok: false, error: infotype === undefined ? { code, message } : { code, message, infotype } };
}

function parseWith<T>(json: unknown, schemas: Readonly<Record<string, z.ZodType>>): MessageParse<T> {
  try {
    let value = json;
    if (typeof json === 'string') {
      if (json.length > MAX_MESSAGE_CHARS)
        return fail('too_large', `message: at most ${MAX_MESSAGE_CHARS} characters`);
      try {
        value = JSON.parse(json);
      } catch {
        return fail('bad_json', 'message: not JSON');
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail('bad_message', 'message: an object with infotype and info');
    }
    const infotype: unknown = (value as Record<string, unknown>)['infotype'];
    if (typeof infotype !== 'string')
      return fail('bad_message', 'infotype: a string naming the message kind');
    const shown = infotype.slice(0, 64);
    const schema = Object.prototype.hasOwnProperty.call(schemas, infotype) ? schemas[infotype] : undefined;
    if (schema === undefined) return fail('unknown_infotype', `infotype: unknown kind '${shown}'`, shown);
    const r = schema.safeParse(value);
    return r.success ? { ok: true, message: r.data as T } : fail('bad_message', formatIssues(r.error), shown);
  } catch {
    return fail('bad_message', 'message: unreadable');
  }
}

/**
 * A message from the browser, given as the frame's text or as its parsed JSON. Unknown
 * infotypes, wrong types, unknown keys and oversize fields are errors.
 */
export function parseClientMessage(json: unknown): MessageParse<ClientMessage> {
  return parseWith<ClientMessage>(json, CLIENT_SCHEMAS);
}

/** A message from the server, given as the frame's text or as its parsed JSON. Unknown keys are dropped. */
export function parseServerMessage(json: unknown): MessageParse<ServerMessage> {
  return parseWith<ServerMessage>(json, SERVER_SCHEMAS);
}

/** The frame text of a message. */
export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
