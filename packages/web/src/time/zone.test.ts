// @vitest-environment jsdom
import { PARAM_DEFAULTS } from '@fieldlink/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../i18n';
import { useMe } from '../session/me';
import { useSession } from '../session/store';
import { mockFetch, sampleMe } from '../session/test-support';
import { resetTimeZone, showTimesInSiteZone } from './test-support';
import { currentTimeZone, formatTime, resolveZone, useSiteZone, zoneChoiceOf } from './zone';
import { browserTimeZone, formatInstant } from './format';

afterEach(() => {
  resetTimeZone();
  useMe.getState().setMe(null);
  useSession.getState().clear();
});

describe('the zone times show in', () => {
  it('is the browser’s unless the site’s is chosen, stored in the console settings', () => {
    expect(zoneChoiceOf(undefined)).toBe('browser');
    expect(zoneChoiceOf({})).toBe('browser');
    expect(zoneChoiceOf({ timeZone: 'site' })).toBe('site');
    // A value this version does not know falls back to the default.
    expect(zoneChoiceOf({ timeZone: 'Europe/Paris' })).toBe('browser');
  });

  it('is the site’s only once the server told it, and only a zone the browser knows', () => {
    expect(resolveZone('browser', 'Asia/Shanghai', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveZone('site', 'Asia/Shanghai', 'Europe/Berlin')).toBe('Asia/Shanghai');
    expect(resolveZone('site', null, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveZone('site', 'Mars/Olympus', 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('formats outside React in the chosen zone and the console’s language', async () => {
    await switchLanguage('tc');
    const at = Date.UTC(2026, 10, 26, 11, 45, 19);
    // The browser's zone by default (the machine's own, whatever it is).
    expect(formatTime(at)).toBe(formatInstant(at, browserTimeZone(), 'tc'));
    showTimesInSiteZone('Asia/Shanghai');
    expect(formatTime(at)).toBe('2026/11/26 19:45:19');
    await switchLanguage('en');
    expect(formatTime(at, 'time')).toBe('19:45:19');
  });

  it('is read from the server once the user is known to have chosen the site’s, for pop-ups on any page', async () => {
    const { calls, restore } = mockFetch({
      'GET /notices/settings': {
        body: {
          emailAlarms: false,
          email: null,
          quietHours: { enabled: false, start: 0, end: 0 },
          timeZone: 'Asia/Tokyo',
        },
      },
    });
    try {
      useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
      useMe.getState().setMe(sampleMe());
      expect(calls).toHaveLength(0);
      useMe
        .getState()
        .setMe(sampleMe({ param: { ...PARAM_DEFAULTS, consoleSettings: { timeZone: 'site' } } }));
      await vi.waitFor(() => expect(useSiteZone.getState().zone).toBe('Asia/Tokyo'));
      expect(currentTimeZone()).toBe('Asia/Tokyo');
      expect(calls.map((c) => c.path)).toEqual(['/notices/settings']);
    } finally {
      restore();
    }
  });
});
