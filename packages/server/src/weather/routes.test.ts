/** GET /weather and /weather/areas on both databases, against a local fake of Open-Meteo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { FAKE_PUBLIC_IP, startFakeOpenMeteo } from './fake-open-meteo.js';
import type { FakeOpenMeteo } from './fake-open-meteo.js';
import { UrlIpLocator } from './ip-locator.js';
import { OpenMeteo } from './open-meteo.js';
import { AREA_SEARCHES_PER_MINUTE } from './routes.js';
import { WeatherService } from './service.js';

// The app is made before the fake listens, so the service reaches the one client through these.
let fake: FakeOpenMeteo;
let client: OpenMeteo;
let locator: UrlIpLocator;
beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  client = new OpenMeteo({ forecastUrl: fake.url, geocodingUrl: fake.url });
  locator = new UrlIpLocator(`${fake.url}/json/{ip}`);
});
afterAll(async () => {
  await fake.close();
});

const weather = new WeatherService({
  provider: {
    place: (...a) => client.place(...a),
    search: (...a) => client.search(...a),
    conditions: (...a) => client.conditions(...a),
  },
  ipLocator: { locate: (ip) => locator.locate(ip) },
});

describe.each(storageCases())('%s', (storageCase) => {
  const h = useAccountsApp(storageCase, { weather });
  const off = useAccountsApp(storageCase);
  const get = (app: typeof h.app, url: string, token: string, remoteAddress = '10.9.9.9') =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token), remoteAddress });

  it.skipIf(storageCase.skip)(
    'gives the weather of the user’s area, of an area asked, and by address',
    async () => {
      await register(h, 'weather_user');
      const { accessToken } = await login(h, 'weather_user');
      const none = await get(h.app, '/weather', accessToken);
      expect(none.json()).toEqual({ configured: true, weather: null, problem: 'unlocatable' });
      const byIp = await get(h.app, '/weather', accessToken, FAKE_PUBLIC_IP);
      expect(byIp.json()).toMatchObject({ weather: { source: 'ip', area: 'Beijing, China' } });

      const patched = await h.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: bearer(accessToken),
        payload: { city: '2950159', language: 'en' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const own = await get(h.app, '/weather?hours=2', accessToken);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        configured: true,
        problem: null,
        weather: { area: 'Berlin, Land Berlin, Germany', source: 'area', code: 61 },
      });
      expect(own.json().weather.hours).toHaveLength(2);
      const asked = await get(h.app, '/weather?area=Beijing&hours=0', accessToken);
      expect(asked.json()).toMatchObject({ weather: { area: 'Beijing, China', hours: [] } });
      expectError(await get(h.app, '/weather?hours=99', accessToken), 400, 'bad_request');
    },
  );

  it.skipIf(storageCase.skip)('searches areas in the user’s language, bounded per minute', async () => {
    await register(h, 'weather_search');
    const { accessToken } = await login(h, 'weather_search');
    const found = await get(h.app, '/weather/areas?search=Ber&language=en', accessToken);
    expect(found.json()).toEqual({
      configured: true,
      items: [
        {
          id: '2950159',
          name: 'Berlin',
          admin1: 'Land Berlin',
          country: 'Germany',
          latitude: 52.52437,
          longitude: 13.41053,
        },
      ],
    });
    expect(
      (await get(h.app, '/weather/areas?search=北京&language=zh', accessToken)).json().items[0].name,
    ).toBe('北京');
    expectError(await get(h.app, '/weather/areas?search=B', accessToken), 400, 'bad_request');
    let last = found;
    for (let i = 0; i < AREA_SEARCHES_PER_MINUTE; i++)
      last = await get(h.app, `/weather/areas?search=Be${i}`, accessToken);
    expectError(last, 429, 'rate_limited');
  });

  it.skipIf(storageCase.skip)(
    'says so when no provider is configured, and asks a signed-in user',
    async () => {
      await register(off, 'weather_off');
      const { accessToken } = await login(off, 'weather_off');
      expect((await get(off.app, '/weather', accessToken)).json()).toEqual({
        configured: false,
        weather: null,
        problem: null,
      });
      expect((await get(off.app, '/weather/areas?search=Berlin', accessToken)).json()).toEqual({
        configured: false,
        items: [],
      });
      expectError(await off.app.inject({ method: 'GET', url: '/api/v1/weather' }), 401, 'unauthorized');
    },
  );

  it.skipIf(storageCase.skip)('answers 503 on a search while the provider is down', async () => {
    await register(h, 'weather_down');
    const { accessToken } = await login(h, 'weather_down');
    fake.failing = true;
    try {
      expectError(await get(h.app, '/weather/areas?search=Nowhere', accessToken), 503, 'unavailable');
      expect((await get(h.app, '/weather?area=Nowhere', accessToken)).json().problem).toBe('unavailable');
    } finally {
      fake.failing = false;
    }
  });
});
