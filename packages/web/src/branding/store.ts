/**
 * The tenant's branding (specification §1, docs/api.md `GET /branding`): logo, login title image,
 * page title and user-name prefix, looked up once by the host's sub-domain key. The default brand
 * applies for no key and whenever the lookup fails. Read it anywhere with
 * `useBranding((b) => b.appTitle)` or `useBranding.getState()`.
 */
import { create } from 'zustand';
import { DEFAULT_BRAND_KEY, fetchBranding } from '../api/branding';
import type { Branding } from '../api/branding';
import { i18n } from '../i18n';
import { brandKeyOf } from '@fieldlink/protocol';

export const DEFAULT_LOGO = '/branding/default/logo.png';
export const DEFAULT_LOGIN_TITLE_IMAGE = '/branding/default/login-title.png';

export interface BrandingState {
  /** The tenant key in force; 'default' for the default brand. */
  readonly key: string;
  /** A tenant's brand (not the default): the shell hides the platform's own entries (§2). */
  readonly branded: boolean;
  /** The tenant's page title, or the translated platform name. */
  readonly appTitle: string;
  readonly logoUrl: string;
  readonly loginTitleImage: string;
  /** Put in front of user names typed on the sign-in pages; '' for none. */
  readonly userNamePrefix: string;
  /** Origins besides the console's own that a login link's redirect_uri may lead to. */
  readonly redirectAllow: readonly string[];
  /** The lookup has answered (or failed). */
  readonly loaded: boolean;
}

const platformTitle = (): string => i18n.t('common.appTitle');

function defaults(): Omit<BrandingState, 'loaded'> {
  return {
    key: DEFAULT_BRAND_KEY,
    branded: false,
    appTitle: platformTitle(),
    logoUrl: DEFAULT_LOGO,
    loginTitleImage: DEFAULT_LOGIN_TITLE_IMAGE,
    userNamePrefix: '',
    redirectAllow: [],
  };
}

export const useBranding = create<BrandingState>()(() => ({ ...defaults(), loaded: false }));

/** What a lookup reply makes of the state; the default brand keeps the translated title. */
export function brandingFrom(reply: Branding): Omit<BrandingState, 'loaded'> {
  const branded = reply.key !== DEFAULT_BRAND_KEY;
  return {
    key: reply.key,
    branded,
    appTitle: branded && reply.pageTitle ? reply.pageTitle : platformTitle(),
    logoUrl: reply.logo || DEFAULT_LOGO,
    loginTitleImage: reply.loginTitleImage || DEFAULT_LOGIN_TITLE_IMAGE,
    userNamePrefix: reply.userNamePrefix,
    redirectAllow: reply.redirectAllow,
  };
}

// The platform's own title follows the language; a tenant's title is its own words.
i18n.on('languageChanged', () => {
  if (!useBranding.getState().branded) useBranding.setState({ appTitle: platformTitle() });
});

let loading: Promise<void> | null = null;

/** Looks the host's brand up (once; later calls share the first). */
export function loadBranding(hostname: string = window.location.hostname): Promise<void> {
  loading ??= fetchBranding(brandKeyOf(hostname))
    .then((reply) => useBranding.setState({ ...brandingFrom(reply), loaded: true }))
    .catch((error: unknown) => {
      console.warn('branding lookup failed; the default brand applies', error);
      useBranding.setState({ ...defaults(), loaded: true });
    });
  return loading;
}

/** For tests: forget the lookup and go back to the default brand. */
export function resetBranding(): void {
  loading = null;
  useBranding.setState({ ...defaults(), loaded: false });
}
