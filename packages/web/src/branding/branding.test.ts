// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { errorReply, mockFetch } from '../session/test-support';
import { brandKeyOf } from '@fieldlink/protocol';
import { DEFAULT_LOGIN_TITLE_IMAGE, DEFAULT_LOGO, loadBranding, resetBranding, useBranding } from './store';

describe('brand key of the host', () => {
  it('is the first label of a sub-domain', () => {
    expect(brandKeyOf('acme-water.console.example.com')).toBe('acme-water');
    expect(brandKeyOf('ACME.example.com')).toBe('acme');
  });
  it('is empty for the shared names, bare hosts and addresses', () => {
    for (const host of ['www.example.com', 'ems.example.com', 'dam.example.com', 'default.example.com']) {
      expect(brandKeyOf(host)).toBe('');
    }
    expect(brandKeyOf('localhost')).toBe('');
    expect(brandKeyOf('')).toBe('');
    expect(brandKeyOf('192.168.1.20')).toBe('');
    expect(brandKeyOf('[::1]')).toBe('');
  });
  it('takes 63 characters and not 64', () => {
    expect(brandKeyOf(`${'a'.repeat(63)}.example.com`)).toBe('a'.repeat(63));
    expect(brandKeyOf(`${'a'.repeat(64)}.example.com`)).toBe('');
  });
});

describe('branding store', () => {
  let restore = (): void => undefined;
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    restore();
    resetBranding();
    setLanguage('zh');
  });

  it("applies a tenant's brand", async () => {
    const mock = mockFetch({
      'GET /branding': {
        body: {
          key: 'acme',
          logo: 'https://cdn.example.com/acme.png',
          loginTitleImage: DEFAULT_LOGIN_TITLE_IMAGE,
          pageTitle: 'Acme Remote I/O',
          userNamePrefix: 'acme_',
          redirectAllow: [],
        },
      },
    });
    restore = mock.restore;
    await loadBranding('acme.example.com');
    expect(mock.calls[0]?.path).toBe('/branding?key=acme');
    expect(useBranding.getState()).toMatchObject({
      key: 'acme',
      branded: true,
      appTitle: 'Acme Remote I/O',
      logoUrl: 'https://cdn.example.com/acme.png',
      userNamePrefix: 'acme_',
      loaded: true,
    });
    setLanguage('en');
    expect(useBranding.getState().appTitle).toBe('Acme Remote I/O');
  });

  it('keeps the default brand with the translated title, following the language', async () => {
    const mock = mockFetch({
      'GET /branding': {
        body: {
          key: 'default',
          logo: DEFAULT_LOGO,
          loginTitleImage: DEFAULT_LOGIN_TITLE_IMAGE,
          pageTitle: 'Fieldlink Cloud Platform',
          userNamePrefix: '',
          redirectAllow: [],
        },
      },
    });
    restore = mock.restore;
    await loadBranding('www.example.com');
    expect(mock.calls[0]?.path).toBe('/branding?key=');
    expect(useBranding.getState()).toMatchObject({ branded: false, appTitle: '物联网云平台', loaded: true });
    setLanguage('en');
    expect(useBranding.getState().appTitle).toBe('Fieldlink Cloud');
  });

  it('falls back to the default brand when the lookup fails', async () => {
    const mock = mockFetch({ 'GET /branding': errorReply(500, 'internal', 'internal error') });
    restore = mock.restore;
    await loadBranding('acme.example.com');
    expect(useBranding.getState()).toMatchObject({
      key: 'default',
      branded: false,
      logoUrl: DEFAULT_LOGO,
      loginTitleImage: DEFAULT_LOGIN_TITLE_IMAGE,
      userNamePrefix: '',
      loaded: true,
    });
  });

  it('looks up once however often it is asked', async () => {
    const mock = mockFetch({ 'GET /branding': errorReply(503, 'unavailable', 'x') });
    restore = mock.restore;
    await Promise.all([loadBranding('a.example.com'), loadBranding('a.example.com')]);
    expect(mock.calls).toHaveLength(1);
  });
});
