// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { mockFetch } from '../session/test-support';
import { fetchBranding } from './branding';

describe('branding call', () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    useSession.getState().clear();
  });

  it('looks the key up anonymously', async () => {
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
    const brand = {
      key: 'acme',
      logo: '/l.png',
      loginTitleImage: '/t.png',
      pageTitle: 'Acme',
      userNamePrefix: 'acme_',
      redirectAllow: [],
    };
    const mock = mockFetch({ 'GET /branding': { body: brand } });
    restore = mock.restore;
    await expect(fetchBranding('acme')).resolves.toEqual(brand);
    expect(mock.calls).toEqual([
      { method: 'GET', path: '/branding?key=acme', body: undefined, authorization: null },
    ]);
  });
});
