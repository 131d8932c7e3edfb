import { describe, expect, it } from 'vitest';
import {
  decide,
  keepRedirect,
  loginPathFor,
  safeExternalUrl,
  safeRedirect,
  withoutLoginParams,
} from './guard.decide';
import type { GuardInput } from './guard.decide';
import { findRoute } from './access';
import { WHITELIST } from './table';

const signedOut = (path: string, search = ''): GuardInput => ({ path, search, signedIn: false, level: null });
const signedIn = (path: string, search = '', level: number | null = 4): GuardInput => ({
  path,
  search,
  signedIn: true,
  level,
});

describe('signed out', () => {
  it('lets only the whitelist through', () => {
    for (const path of ['/login', '/register', '/callback', '/ForgetPasswd', '/forgetpasswd']) {
      expect(decide(signedOut(path))).toEqual({ kind: 'allow' });
    }
  });
  it('sends everything else to /login with the route to come back to', () => {
    expect(decide(signedOut('/Equips'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2FEquips' });
    expect(decide(signedOut('/history', '?id=3'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fhistory%3Fid%3D3',
    });
    expect(decide(signedOut('/403'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2F403' });
    expect(decide(signedOut('/'))).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('signed in', () => {
  it('leaves /login for the redirect or /', () => {
    expect(decide(signedIn('/login'))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(signedIn('/login', '?redirect=%2Fmap'))).toEqual({ kind: 'redirect', to: '/map' });
  });
  it('never redirects to another host or back to /login', () => {
    expect(decide(signedIn('/login', '?redirect=//evil.example'))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(signedIn('/login', '?redirect=https://evil.example'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decide(signedIn('/login', '?redirect=/login'))).toEqual({ kind: 'redirect', to: '/' });
  });
  it('still reaches the other public pages (callback links an identity)', () => {
    expect(decide(signedIn('/callback', '?code=1', null))).toEqual({ kind: 'allow' });
    expect(decide(signedIn('/register', '', null))).toEqual({ kind: 'allow' });
  });
  it('loads the user record before judging a guarded route', () => {
    expect(decide(signedIn('/Equips', '', null))).toEqual({ kind: 'loadMe' });
  });
  it('allows what the level reaches, unknown paths included (the not-found page answers)', () => {
    expect(decide(signedIn('/Equips', '', 0))).toEqual({ kind: 'allow' });
    expect(decide(signedIn('/setting/personalCenter', '', 4))).toEqual({ kind: 'allow' });
    expect(decide(signedIn('/no/such/page', '', 4))).toEqual({ kind: 'allow' });
  });
  it('sends an account without an operating role to /noRole', () => {
    expect(decide(signedIn('/Equips', '', -1))).toEqual({ kind: 'redirect', to: '/noRole' });
    expect(decide(signedIn('/noRole', '', -1))).toEqual({ kind: 'allow' });
  });
  it("sends to /403 a route the user's roles or abilities do not reach (after the level)", () => {
    const reader = { admin: false, roles: [], abilities: ['READ' as const] };
    const writer = { ...reader, abilities: ['READ' as const, 'WRITE' as const] };
    expect(decide({ ...signedIn('/addEquips', '', 4), access: reader })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(decide({ ...signedIn('/addEquips', '', 4), access: writer })).toEqual({ kind: 'allow' });
    expect(decide({ ...signedIn('/addEquips', '', 3), access: writer })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
  });
  it('sends to /403 the administration below the level 1000, admin flag or not', () => {
    const all = { admin: false, roles: [], abilities: ['READ' as const] };
    expect(decide({ ...signedIn('/admin/users', '', 999), access: all })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(decide({ ...signedIn('/admin/users', '', 1000), access: { ...all, admin: true } })).toEqual({
      kind: 'allow',
    });
  });
});

describe('a share link (/share?code=…)', () => {
  const code = '0123456789ABCDEFGHJKMNPQRS';
  it('is a hidden route for every signed-in level, not a public one', () => {
    const entry = findRoute('/share');
    expect(entry?.hidden).toBe(true);
    expect(entry?.public).toBeUndefined();
    expect(entry?.level).toBe(0);
    expect(decide(signedIn('/share', `?code=${code}`, 0))).toEqual({ kind: 'allow' });
  });
  it('signed out goes to sign in, and back to the link with its code after', () => {
    const out = decide(signedOut('/share', `?code=${code}`));
    expect(out).toEqual({ kind: 'redirect', to: `/login?redirect=%2Fshare%3Fcode%3D${code}` });
    const search = out.kind === 'redirect' ? out.to.slice('/login'.length) : '';
    expect(decide(signedIn('/login', search))).toEqual({ kind: 'redirect', to: `/share?code=${code}` });
  });
  it('survives a detour through registration: the sign-in pages pass the way on', () => {
    const search = `?redirect=%2Fshare%3Fcode%3D${code}`;
    expect(keepRedirect('/register', search)).toBe(`/register${search}`);
    expect(keepRedirect('/login', search)).toBe(`/login${search}`);
    expect(keepRedirect('/register', '')).toBe('/register');
    // Never a way out of the console, nor a loop back to sign-in.
    expect(keepRedirect('/register', '?redirect=//evil.example')).toBe('/register');
    expect(keepRedirect('/register', '?redirect=%2Flogin')).toBe('/register');
  });
});

describe('/403', () => {
  it('is no public page: the whitelist is exactly the four sign-in pages of §4 and the wall display', () => {
    expect([...WHITELIST].sort()).toEqual(['/ForgetPasswd', '/callback', '/login', '/register', '/wall']);
    const entry = findRoute('/403');
    expect(entry?.public).toBeUndefined();
    expect(entry?.level).toBeUndefined();
  });
  it('signed out goes to /login, coming back to /403', () => {
    expect(decide(signedOut('/403'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2F403' });
  });
  it('signed in is open at every level, the lowest included', () => {
    for (const level of [0, 3, 4, 5, 10, 100, 1000]) {
      expect(decide(signedIn('/403', '', level))).toEqual({ kind: 'allow' });
    }
  });
});

describe('while a sign-in is starting', () => {
  it('keeps the sign-in pages and holds every other route', () => {
    const starting = { signedIn: true, level: null, starting: true } as const;
    expect(decide({ path: '/login', search: '?redirect=%2Fmap', ...starting })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/callback', search: '', ...starting })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/Equips', search: '', ...starting })).toEqual({ kind: 'wait' });
  });
});

describe('login links', () => {
  it('signs in with a token and goes on without the link parameters', () => {
    expect(decide(signedOut('/map', '?token=abc&zoom=3'))).toEqual({
      kind: 'tokenLogin',
      token: 'abc',
      next: '/map?zoom=3',
      redirectUri: null,
      replacesSession: false,
    });
  });
  it('prefers the token, also when already signed in', () => {
    expect(decide(signedIn('/Equips', '?token=t&userName=u&userPasswd=p'))).toMatchObject({
      kind: 'tokenLogin',
      token: 't',
    });
  });
  it('signs in with userName and userPasswd', () => {
    expect(
      decide({
        ...signedOut(
          '/Equips',
          '?userName=demo&userPasswd=demo1234&redirect_uri=https%3A%2F%2Fportal.example%2F',
        ),
        allowedOrigins: ['https://console.example', 'https://portal.example'],
      }),
    ).toEqual({
      kind: 'passwordLogin',
      userName: 'demo',
      password: 'demo1234',
      next: '/Equips',
      redirectUri: 'https://portal.example/',
      replacesSession: false,
    });
  });
  it('with a session in this browser, a link says it would replace it (the user is asked)', () => {
    expect(decide(signedIn('/map', '?token=other'))).toMatchObject({
      kind: 'tokenLogin',
      token: 'other',
      next: '/map',
      replacesSession: true,
    });
    expect(decide(signedIn('/', '?userName=bob&userPasswd=secret123', null))).toMatchObject({
      kind: 'passwordLogin',
      replacesSession: true,
    });
    // The link's own sign-in, under way, is no session to ask about.
    expect(
      decide({ path: '/map', search: '?token=other', signedIn: true, level: null, starting: true }),
    ).toMatchObject({ kind: 'tokenLogin', replacesSession: false });
  });
  it("leaves only for the console's own origin or an allowed one", () => {
    const allowedOrigins = ['https://console.example', 'https://portal.example'];
    const redirect = (uri: string) =>
      decide({ ...signedOut('/', `?token=t&redirect_uri=${encodeURIComponent(uri)}`), allowedOrigins });
    expect(redirect('https://console.example/#/login')).toMatchObject({
      redirectUri: 'https://console.example/#/login',
    });
    expect(redirect('https://portal.example/home?a=1')).toMatchObject({
      redirectUri: 'https://portal.example/home?a=1',
    });
    for (const uri of [
      'https://evil.example/',
      'https://portal.example.evil.example/',
      'http://portal.example/',
      'https://portal.example:8443/',
      'https://console.example@evil.example/',
      '//evil.example/',
    ]) {
      expect(redirect(uri), uri).toMatchObject({ redirectUri: null });
    }
    // Without an allowlist nothing is left for.
    expect(decide(signedOut('/', '?token=t&redirect_uri=https%3A%2F%2Fportal.example%2F'))).toMatchObject({
      redirectUri: null,
    });
  });
  it('needs both userName and userPasswd, and never carries either into the redirect', () => {
    expect(decide(signedOut('/Equips', '?userName=demo'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FEquips',
    });
  });
  it('drops a redirect_uri that is not a web address', () => {
    expect(decide(signedOut('/', '?token=t&redirect_uri=javascript:alert(1)'))).toMatchObject({
      redirectUri: null,
    });
  });
});

describe('helpers', () => {
  it('safeRedirect keeps in-console routes only', () => {
    expect(safeRedirect('/map?x=1')).toBe('/map?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('map')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/LOGIN?redirect=/x')).toBe('/');
  });
  it('safeExternalUrl takes http and https addresses of the allowed origins only', () => {
    const allowed = ['http://a.example', 'ftp://a.example'];
    expect(safeExternalUrl('http://a.example/x', allowed)).toBe('http://a.example/x');
    expect(safeExternalUrl('http://b.example/x', allowed)).toBeNull();
    expect(safeExternalUrl('ftp://a.example', allowed)).toBeNull();
    expect(safeExternalUrl('javascript:alert(1)', ['null'])).toBeNull();
    expect(safeExternalUrl('not a url', allowed)).toBeNull();
    expect(safeExternalUrl(null, allowed)).toBeNull();
  });
  it('loginPathFor leaves the sign-in pages and / without a redirect', () => {
    expect(loginPathFor('/register')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fmap')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/map')).toBe('/login?redirect=%2Fmap');
  });
  it('withoutLoginParams keeps other parameters', () => {
    expect(withoutLoginParams('/x', '?a=1&token=t&redirect_uri=u&b=2')).toBe('/x?a=1&b=2');
    expect(withoutLoginParams('/x', '')).toBe('/x');
  });
});
