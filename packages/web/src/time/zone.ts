/**
 * Which zone the console shows times in: the user's choice, kept in their record's console settings
 * (`param.consoleSettings.timeZone`, docs/api.md § GET /me) so it follows them to other browsers.
 * `browser` (the default) is the browser's own zone; `site` is the zone of the equipment's site.
 * Equipment has no zone of its own: the site's zone is the server's (TIME_ZONE, the zone devices'
 * clocks are set in and reports are cut in), which the server tells in GET /notices/settings.
 * Until that is read, and when it cannot be, times show in the browser's zone.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { fetchNoticeSettings, noticeKeys } from '../api/notices';
import { queryClient } from '../app/query-client';
import { DEFAULT_LANGUAGE, i18n, isLanguage } from '../i18n';
import type { Language } from '../i18n';
import { useMe } from '../session/me';
import { useSession } from '../session/store';
import { browserTimeZone, formatInstant, isTimeZone } from './format';
import type { Instant, TimeStyle } from './format';

export const ZONE_CHOICES = ['browser', 'site'] as const;
export type ZoneChoice = (typeof ZONE_CHOICES)[number];

/** The key of the choice in `param.consoleSettings`. */
export const ZONE_SETTING = 'timeZone';

/** The choice stored in the console settings; `browser` for none or one this version does not know. */
export function zoneChoiceOf(consoleSettings: Readonly<Record<string, unknown>> | undefined): ZoneChoice {
  const value = consoleSettings?.[ZONE_SETTING];
  return value === 'site' ? 'site' : 'browser';
}

/** The zone times show in: the site's when chosen and known, else the browser's. */
export function resolveZone(
  choice: ZoneChoice,
  site: string | null,
  browser: string = browserTimeZone(),
): string {
  return choice === 'site' && site !== null && isTimeZone(site) ? site : browser;
}

/** The site's zone once the server told it. */
export const useSiteZone = create<{ readonly zone: string | null }>()(() => ({ zone: null }));

let reading: Promise<void> | null = null;

/** Reads the site's zone into useSiteZone (once at a time; a failure leaves the browser's). */
function readSiteZone(): Promise<void> {
  reading ??= queryClient
    .fetchQuery({
      queryKey: noticeKeys.settings,
      queryFn: ({ signal }) => fetchNoticeSettings(signal),
      staleTime: Number.POSITIVE_INFINITY,
    })
    .then((settings) => useSiteZone.setState({ zone: settings.timeZone }))
    .catch(() => undefined)
    .finally(() => {
      reading = null;
    });
  return reading;
}

// Pop-ups show on every page, also where no component formats a time: once the user is known to
// have chosen the site's zone, it is read for them.
useMe.subscribe((state) => {
  if (zoneChoiceOf(state.me?.param.consoleSettings) === 'site' && useSiteZone.getState().zone === null) {
    void readSiteZone();
  }
});

const languageNow = (language: string | undefined): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

/** The zone chosen now, for code outside React (the alarm pop-ups). */
export function currentTimeZone(): string {
  return resolveZone(zoneChoiceOf(useMe.getState().me?.param.consoleSettings), useSiteZone.getState().zone);
}

/** `at` in the chosen zone and the console's language, for code outside React. */
export function formatTime(at: Instant, style: TimeStyle = 'dateTime'): string {
  return formatInstant(at, currentTimeZone(), languageNow(i18n.language), style);
}

/**
 * The site's zone, read while signed in and `wanted` (once for the whole console; the read is the
 * alarm mail panel's query, so they share it). Needs no query provider: the error log shows times
 * outside the application's providers too.
 */
export function useSiteZoneReader(wanted: boolean): string | null {
  const signedIn = useSession((s) => s.accessToken !== null);
  const zone = useSiteZone((s) => s.zone);
  useEffect(() => {
    if (wanted && signedIn && zone === null) void readSiteZone();
  }, [wanted, signedIn, zone]);
  return zone;
}

export interface TimeFormat {
  /** The zone times show in. */
  readonly zone: string;
  readonly choice: ZoneChoice;
  readonly language: Language;
  /** `at` in the zone and the language's format; '' for a value that is no instant. */
  format(at: Instant, style?: TimeStyle): string;
}

/** The console's time format for components: re-renders when the zone or the language changes. */
export function useTimeFormat(): TimeFormat {
  const { i18n: current } = useTranslation();
  const language = languageNow(current.language);
  const choice = useMe((s) => zoneChoiceOf(s.me?.param.consoleSettings));
  const site = useSiteZoneReader(choice === 'site');
  const zone = resolveZone(choice, site);
  return useMemo(
    () => ({
      zone,
      choice,
      language,
      format: (at: Instant, style: TimeStyle = 'dateTime') => formatInstant(at, zone, language, style),
    }),
    [zone, choice, language],
  );
}
