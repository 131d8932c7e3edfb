import { beforeEach, describe, expect, it } from 'vitest';
import { clearNotices, MAX_NOTICES, pushNotice, useNotices } from './notices';

describe('notices', () => {
  beforeEach(() => clearNotices());

  it('keeps the newest first and at most 100', () => {
    for (let i = 0; i < MAX_NOTICES + 1; i += 1)
      pushNotice({ kind: 'notice', title: `n${i}`, text: '', at: i });
    const { notices } = useNotices.getState();
    expect(notices).toHaveLength(100);
    expect(notices[0]?.title).toBe('n100');
    expect(notices.at(-1)?.title).toBe('n1');
  });

  it('clear-all empties the list', () => {
    pushNotice({ kind: 'email', title: 'm', text: 't', at: 1 });
    clearNotices();
    expect(useNotices.getState().notices).toEqual([]);
  });
});
