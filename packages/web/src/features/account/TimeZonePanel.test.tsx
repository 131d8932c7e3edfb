// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import { mockFetch } from '../../session/test-support';
import { browserTimeZone } from '../../time/format';
import { resetTimeZone } from '../../time/test-support';
import TimeZonePanel from './TimeZonePanel';
import { control, PATIENT, patchedMe, renderAccount, signIn, signOut, SLOW } from './test-support';

const SETTINGS = {
  emailAlarms: false,
  email: null,
  quietHours: { enabled: false, start: 1140, end: 481 },
  timeZone: 'Asia/Shanghai',
};

describe('personal center: the zone times show in', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
    resetTimeZone();
  });

  it('offers the browser’s zone (chosen by default) and the site’s, and saves a choice to the account', async () => {
    signIn();
    const mock = mockFetch({ 'GET /notices/settings': { body: SETTINGS }, 'PATCH /me': patchedMe });
    restore = mock.restore;
    renderAccount((me) => <TimeZonePanel me={me} />);
    const browser = control(new RegExp(`^本浏览器时区：${browserTimeZone().replace('/', '\\/')}`));
    expect(browser.checked).toBe(true);
    // The site's zone, as the server tells it, with its offset.
    const site = await waitFor(() => control('现场时区：Asia/Shanghai (UTC+8)'), SLOW);
    expect(site.checked).toBe(false);

    fireEvent.click(site);
    await waitFor(
      () => expect(useMe.getState().me?.param.consoleSettings).toEqual({ timeZone: 'site' }),
      SLOW,
    );
    const patch = mock.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ param: { consoleSettings: { timeZone: 'site' } } });
    await waitFor(() => expect(control('现场时区：Asia/Shanghai (UTC+8)').checked).toBe(true), SLOW);
    expect(screen.getByTestId('time-zone-now').textContent).toMatch(
      /^现在：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（Asia\/Shanghai）$/,
    );
  });
});
