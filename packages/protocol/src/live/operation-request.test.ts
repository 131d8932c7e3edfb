// docs/protocol.md § Device operations (the operations call's password).
import { describe, expect, it } from 'vitest';
import { parseOperationRequest } from './operation-request.js';

describe('parseOperationRequest', () => {
  it('takes the password beside the operation, which keeps refusing unknown keys', () => {
    expect(parseOperationRequest({ opr: 'openone', io: 1, password: 'secret123' })).toEqual({
      ok: true,
      operation: { opr: 'openone', io: 1, dly: 0 },
      password: 'secret123',
    });
    expect(parseOperationRequest({ opr: 'close' })).toEqual({
      ok: true,
      operation: { opr: 'close' },
      password: null,
    });
    const unknown = parseOperationRequest({ opr: 'close', password: 'x', pin: '1' });
    expect(unknown.ok).toBe(false);
  });

  it('bounds the password at 1-128 characters of text', () => {
    const at = (password: unknown) => parseOperationRequest({ opr: 'close', password });
    expect(at('a')).toMatchObject({ ok: true, password: 'a' });
    expect(at('p'.repeat(128))).toMatchObject({ ok: true, password: 'p'.repeat(128) });
    for (const bad of ['', 'p'.repeat(129), 123, null, ['a']]) {
      expect(at(bad)).toEqual({ ok: false, error: 'password: a string of 1-128 characters' });
    }
  });

  it('refuses what is not an operation, as parseOperation does', () => {
    expect(parseOperationRequest(null)).toEqual({ ok: false, error: 'operation: an object with opr' });
    expect(parseOperationRequest([{ opr: 'close' }]).ok).toBe(false);
    const r = parseOperationRequest({ password: 'secret123' });
    expect(r).toEqual({ ok: false, error: 'opr: unknown operation (missing)' });
    expect(parseOperationRequest({ opr: 'openone', io: 33, password: 'secret123' }).ok).toBe(false);
  });
});
