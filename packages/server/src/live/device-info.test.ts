import { PushInfoSchema } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { statePush } from './device-info.js';

describe('statePush', () => {
  it('carries the instant the state was read beside the wall-clock time (issue 27)', () => {
    const push = statePush('AB12CD34', { do: [true, false] }, '2026-01-05 16:00:00', Date.UTC(2026, 0, 5, 8));
    expect(push.info).toMatchObject({
      SN: 'AB12CD34',
      Time: '2026-01-05 16:00:00',
      at: '2026-01-05T08:00:00.000Z',
    });
    expect(PushInfoSchema.parse(push)).toEqual(push);
  });

  it('leaves the instant out when it is not known', () => {
    expect(statePush('AB12CD34', {}, '2026-01-05 16:00:00').info).not.toHaveProperty('at');
  });
});
