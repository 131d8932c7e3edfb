import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import type { Tenant } from '../../../api/tenants';
import { DEFAULT_LOGIN_TITLE_IMAGE, DEFAULT_LOGO } from '../../../branding/store';
import { i18n, setLanguage } from '../../../i18n';
import { tenantSignInAddress } from './tenant-address';
import { fieldErrors, isInOtherTenant, tenantErrorText } from './tenant-errors';
import { createBody, draftOf, EMPTY_DRAFT, isChanged, patchBody, previewBrand, RULES } from './tenant-form';

const t = i18n.t.bind(i18n);

const ACME: Tenant = {
  id: 3,
  key: 'acme',
  name: 'Acme',
  logo: null,
  loginTitleImage: '/api/v1/pictures/k1/title.png',
  pageTitle: 'Acme Remote I/O',
  userNamePrefix: 'acme_',
  userCount: 2,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

afterEach(() => setLanguage('zh'));

describe('tenant field rules', () => {
  it('wants a key of 1-63 letters, digits or -, not a reserved one', () => {
    expect(RULES.key('')).toBe('adminTenants.validation.keyRequired');
    expect(RULES.key('  ')).toBe('adminTenants.validation.keyRequired');
    expect(RULES.key('Acme-Water')).toBeNull();
    expect(RULES.key('a'.repeat(63))).toBeNull();
    expect(RULES.key('a'.repeat(64))).toBe('adminTenants.validation.keyFormat');
    for (const key of ['a.b', 'a_b', 'été', 'a b'])
      expect(RULES.key(key)).toBe('adminTenants.validation.keyFormat');
    for (const key of ['www', 'EMS', 'dam', 'default']) {
      expect(RULES.key(key)).toBe('adminTenants.validation.keyReserved');
    }
  });

  it('wants a name of 1-64 characters', () => {
    expect(RULES.name(' ')).toBe('adminTenants.validation.nameRequired');
    expect(RULES.name('x'.repeat(64))).toBeNull();
    expect(RULES.name('x'.repeat(65))).toBe('adminTenants.validation.nameTooLong');
  });

  it('takes images the console can load, or nothing', () => {
    for (const ok of [
      '',
      '/api/v1/pictures/k/logo.png',
      'https://cdn.example.com/a.png',
      `/${'a'.repeat(1023)}`,
    ]) {
      expect(RULES.logo(ok), ok).toBeNull();
      expect(RULES.loginTitleImage(ok), ok).toBeNull();
    }
    for (const bad of [
      'logo.png',
      'http://cdn.example.com/a.png',
      '//cdn.example.com/a.png',
      'javascript:x',
    ]) {
      expect(RULES.logo(bad), bad).toBe('adminTenants.validation.imageFormat');
    }
    expect(RULES.logo(`/${'a'.repeat(1024)}`)).toBe('adminTenants.validation.imageTooLong');
  });

  it('bounds the page title at 128 characters and the prefix at 16 user-name letters', () => {
    expect(RULES.pageTitle('x'.repeat(128))).toBeNull();
    expect(RULES.pageTitle('x'.repeat(129))).toBe('adminTenants.validation.pageTitleTooLong');
    expect(RULES.userNamePrefix('')).toBeNull();
    expect(RULES.userNamePrefix('acme_中.-')).toBeNull();
    expect(RULES.userNamePrefix('x'.repeat(16))).toBeNull();
    expect(RULES.userNamePrefix('x'.repeat(17))).toBe('adminTenants.validation.prefixFormat');
    expect(RULES.userNamePrefix('a b')).toBe('adminTenants.validation.prefixFormat');
  });
});

describe('tenant bodies', () => {
  it('sends a new tenant trimmed, its key in lower case, unset fields left out', () => {
    expect(
      createBody({ ...EMPTY_DRAFT, key: ' Acme ', name: ' Acme Water ', pageTitle: 'Acme I/O', logo: '  ' }),
    ).toEqual({ key: 'acme', name: 'Acme Water', pageTitle: 'Acme I/O' });
  });

  it('sends only what changed, an emptied field as null', () => {
    const draft = {
      ...draftOf(ACME),
      name: 'Acme Water',
      loginTitleImage: '',
      logo: 'https://cdn.example.com/l.png',
    };
    expect(patchBody(ACME, draft)).toEqual({
      name: 'Acme Water',
      loginTitleImage: null,
      logo: 'https://cdn.example.com/l.png',
    });
    expect(patchBody(ACME, { ...draftOf(ACME), key: 'ACME ' })).toEqual({});
    expect(isChanged(ACME, { ...draftOf(ACME), key: 'ACME ' })).toBe(false);
    expect(isChanged(ACME, { ...draftOf(ACME), pageTitle: '' })).toBe(true);
    expect(isChanged(null, {})).toBe(false);
    expect(isChanged(null, { key: 'a' })).toBe(true);
  });
});

describe('the brand of a draft', () => {
  it('is the tenant’s where set, the default brand’s elsewhere', () => {
    expect(previewBrand(draftOf(ACME))).toMatchObject({
      branded: true,
      appTitle: 'Acme Remote I/O',
      logoUrl: DEFAULT_LOGO,
      loginTitleImage: '/api/v1/pictures/k1/title.png',
      userNamePrefix: 'acme_',
    });
  });

  it('keeps the default for a value that would not be saved, and the platform name for no title', () => {
    setLanguage('en');
    expect(
      previewBrand({ key: 'acme', pageTitle: '', loginTitleImage: 'http://x/a.png', userNamePrefix: 'a b' }),
    ).toMatchObject({
      appTitle: 'Fieldlink Cloud',
      loginTitleImage: DEFAULT_LOGIN_TITLE_IMAGE,
      userNamePrefix: '',
    });
  });
});

describe('a tenant’s sign-in address', () => {
  const at = (hostname: string, port = '', protocol = 'https:') => ({ protocol, hostname, port });
  it('puts the key in front of the host, or in place of a key or shared name', () => {
    expect(tenantSignInAddress('acme', at('localhost', '8080', 'http:'))).toBe(
      'http://acme.localhost:8080/#/login',
    );
    expect(tenantSignInAddress('acme', at('www.example.com'))).toBe('https://acme.example.com/#/login');
    expect(tenantSignInAddress('acme', at('north.console.example.com'))).toBe(
      'https://acme.console.example.com/#/login',
    );
    expect(tenantSignInAddress('acme', at('default.example.com'))).toBe('https://acme.example.com/#/login');
  });
  it('has none for an IP address or no key', () => {
    expect(tenantSignInAddress('acme', at('127.0.0.1', '8080'))).toBeNull();
    expect(tenantSignInAddress('acme', at('[::1]'))).toBeNull();
    expect(tenantSignInAddress('', at('www.example.com'))).toBeNull();
  });
});

describe('tenant errors', () => {
  it('puts a taken key and the server’s field refusals beside their fields', () => {
    setLanguage('en');
    expect(fieldErrors(new ApiError(409, 'conflict', 'a tenant already uses this key'), t)).toEqual([
      { field: 'key', message: 'Another tenant already uses this key' },
    ]);
    expect(
      fieldErrors(
        new ApiError(400, 'bad_request', 'body.logo: bad address; body.colour: unknown; body.name: too long'),
        t,
      ),
    ).toEqual([
      { field: 'logo', message: 'The server refused this value: bad address' },
      { field: 'name', message: 'The server refused this value: too long' },
    ]);
    expect(fieldErrors(new ApiError(404, 'not_found', 'no such tenant'), t)).toEqual([]);
    expect(fieldErrors(new Error('x'), t)).toEqual([]);
  });

  it('says the server’s refusals in the console’s words', () => {
    setLanguage('en');
    expect(
      tenantErrorText(new ApiError(409, 'conflict', 'the tenant still has users; move them out first'), t),
    ).toBe('The tenant still has users: take them out first');
    expect(tenantErrorText(new ApiError(0, 'network', 'the server cannot be reached'), t)).toBe(
      t('auth.errors.unreachable'),
    );
    expect(tenantErrorText(new ApiError(500, 'internal', 'internal error'), t)).toBe('internal error');
    expect(isInOtherTenant(new ApiError(409, 'conflict', 'the user belongs to another tenant'))).toBe(true);
    expect(isInOtherTenant(new ApiError(404, 'not_found', 'no such user'))).toBe(false);
  });
});
