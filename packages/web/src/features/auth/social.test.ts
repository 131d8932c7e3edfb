// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { beginSocial, callbackParams, SOCIAL_STORAGE_KEY, takePending } from './social';

describe('social sign-in state', () => {
  beforeEach(() => sessionStorage.clear());

  it('adds a random state to the provider address and accepts it once on return', () => {
    const to = beginSocial('wechat', 'https://open.example.com/connect?appid=1', 'login', '/map');
    const state = new URL(to).searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(to).searchParams.get('appid')).toBe('1');
    expect(takePending(state)).toEqual({ state, provider: 'wechat', mode: 'login', redirect: '/map' });
    expect(takePending(state)).toBeNull();
  });

  it('refuses another state and uses up the pending one', () => {
    beginSocial('qq', 'https://q.example.com/auth', 'link');
    expect(takePending('0'.repeat(32))).toBeNull();
    expect(sessionStorage.getItem(SOCIAL_STORAGE_KEY)).toBeNull();
  });

  it('refuses a return without state or without anything pending', () => {
    expect(takePending('abc')).toBeNull();
    beginSocial('qq', 'https://q.example.com/auth', 'link');
    expect(takePending(null)).toBeNull();
  });

  it('reads the code from the route query first, then the page query', () => {
    expect(callbackParams('?code=r&state=s', '?code=p')).toEqual({ code: 'r', state: 's' });
    expect(callbackParams('', '?code=p&state=t')).toEqual({ code: 'p', state: 't' });
    expect(callbackParams('', '')).toEqual({ code: null, state: null });
  });
});
