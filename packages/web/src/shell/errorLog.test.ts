import { beforeEach, describe, expect, it } from 'vitest';
import { appendError, clearErrors, describeError, logError, MAX_ERRORS, useErrorLog } from './errorLog';

const entry = (n: number) => ({ route: '/a', message: `m${n}`, stack: '', at: n });

describe('error log', () => {
  beforeEach(() => clearErrors());

  it('holds 100 entries, newest first, dropping the oldest on the 101st', () => {
    let list: ReturnType<typeof appendError> = [];
    for (let i = 0; i < MAX_ERRORS; i += 1) list = appendError(list, entry(i));
    expect(list).toHaveLength(100);
    list = appendError(list, entry(100));
    expect(list).toHaveLength(100);
    expect(list[0]?.message).toBe('m100');
    expect(list.at(-1)?.message).toBe('m1');
  });

  it('describes errors, strings and other values', () => {
    const error = new Error('boom');
    expect(describeError(error)).toEqual({ message: 'boom', stack: error.stack });
    expect(describeError('text')).toEqual({ message: 'text', stack: '' });
    expect(describeError({ code: 1 })).toEqual({ message: '{"code":1}', stack: '' });
  });

  it('records the route with the message', () => {
    logError(new Error('x'), '/map');
    expect(useErrorLog.getState().errors[0]).toMatchObject({ route: '/map', message: 'x' });
  });
});
