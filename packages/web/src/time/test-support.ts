/** Choosing the zone times show in, for tests: the site's zone, set as the server would tell it. */
import { PARAM_DEFAULTS } from '@fieldlink/protocol';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import { useSiteZone, ZONE_SETTING } from './zone';

/** Signs in a user (or keeps the one in) who chose the site's zone, and makes `zone` the site's. */
export function showTimesInSiteZone(zone: string): void {
  useSiteZone.setState({ zone });
  const me = useMe.getState().me ?? sampleMe();
  useMe.getState().setMe({
    ...me,
    param: {
      ...PARAM_DEFAULTS,
      ...me.param,
      consoleSettings: { ...me.param.consoleSettings, [ZONE_SETTING]: 'site' },
    },
  });
}

/** Back to the default: the browser's zone, no site zone known. */
export function resetTimeZone(): void {
  useSiteZone.setState({ zone: null });
}
