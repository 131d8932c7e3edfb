/** The Open-Meteo client, the address look-up and the cached service, against a local fake of the APIs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo, FAKE_PUBLIC_IP } from './fake-open-meteo.js';
import type { FakeOpenMeteo } from './fake-open-meteo.js';
import { publicAddress, UrlIpLocator } from './ip-locator.js';
import { OpenMeteo, withOffset } from './open-meteo.js';
import { WeatherUnavailable } from './provider.js';
import { CONDITIONS_TTL_MS, FAILURE_TTL_MS, WeatherService } from './service.js';
import { weatherSettings } from './settings.js';

const T0 = Date.UTC(2026, 10, 27, 9, 7, 0);
let fake: FakeOpenMeteo;
let clock = T0;

beforeAll(async () => {
  fake = await startFakeOpenMeteo(() => clock);
});
afterAll(async () => {
  await fake.close();
});

const client = (apiKey?: string) => new OpenMeteo({ forecastUrl: fake.url, geocodingUrl: fake.url, apiKey });

describe('Open-Meteo client', () => {
  it('finds a place by its id and by its name, in the language asked', async () => {
    const byId = await client().place('2950159', 'en');
    expect(byId).toEqual({
      id: '2950159',
      name: 'Berlin',
      admin1: 'Land Berlin',
      country: 'Germany',
      latitude: 52.52437,
      longitude: 13.41053,
    });
    expect((await client().place('1816670', 'tc'))?.name).toBe('北京');
    expect((await client().place('beij', 'en'))?.id).toBe('1816670');
    expect(fake.requests.at(-1)).toMatch(/^\/v1\/search\?name=beij&count=1&language=en/);
  });

  it('says null for an unknown id or a name nothing matches', async () => {
    expect(await client().place('999', 'en')).toBeNull();
    expect(await client().place('Atlantis', 'en')).toBeNull();
    expect(await client().search('zz', 'en', 10)).toEqual([]);
  });

  it('reads the conditions now and the next hours, with the place’s offset', async () => {
    const c = await client().conditions(39.9075, 116.39723, 3);
    expect(c).toMatchObject({ code: 0, temperature: 3.2, humidity: 81, windSpeed: 12.6 });
    // 09:07 UTC is 17:07 in Beijing; the fake's current value is of the quarter hour.
    expect(c.observedAt).toBe('2026-11-27T17:00:00+08:00');
    expect(c.hours.map((h) => h.at)).toEqual([
      '2026-11-27T17:00:00+08:00',
      '2026-11-27T18:00:00+08:00',
      '2026-11-27T19:00:00+08:00',
    ]);
    expect(c.hours.map((h) => h.code)).toEqual([0, 3, 0]);
    const none = await client().conditions(52.52, 13.41, 0);
    expect(none.hours).toEqual([]);
    expect(fake.requests.at(-1)).not.toContain('hourly');
  });

  it('sends the commercial key on every call when one is set', async () => {
    await client('k-123').place('2950159', 'en');
    expect(fake.requests.at(-1)).toContain('apikey=k-123');
  });

  it('turns a failing or strange provider into WeatherUnavailable', async () => {
    fake.failing = true;
    try {
      await expect(client().conditions(1, 2, 1)).rejects.toBeInstanceOf(WeatherUnavailable);
      await expect(client().search('Berlin', 'en', 5)).rejects.toBeInstanceOf(WeatherUnavailable);
    } finally {
      fake.failing = false;
    }
    const strange = new OpenMeteo({
      forecastUrl: fake.url,
      geocodingUrl: fake.url,
      fetch: async () => new Response(JSON.stringify({ current: { temperature_2m: 'warm' } })),
    });
    await expect(strange.conditions(1, 2, 0)).rejects.toThrow(/not as documented/);
    const silent = new OpenMeteo({ forecastUrl: 'http://127.0.0.1:9', geocodingUrl: 'http://127.0.0.1:9' });
    await expect(silent.search('Berlin', 'en', 1)).rejects.toBeInstanceOf(WeatherUnavailable);
  });

  it('writes local times with their offset', () => {
    expect(withOffset('2026-01-02T03:04', 0)).toBe('2026-01-02T03:04:00+00:00');
    expect(withOffset('2026-01-02T03:04', -16200)).toBe('2026-01-02T03:04:00-04:30');
    expect(withOffset('2026-01-02T03:04:05', 19800)).toBe('2026-01-02T03:04:05+05:30');
  });
});

describe('address look-up', () => {
  it('looks up public addresses only', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '172.20.0.1',
      '100.64.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      'nonsense',
    ])
      expect(publicAddress(ip), ip).toBeNull();
    expect(publicAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(publicAddress('8.8.8.8')).toBe('8.8.8.8');
    const before = fake.requests.length;
    const locator = new UrlIpLocator(`${fake.url}/json/{ip}`);
    expect(await locator.locate('192.168.1.5')).toBeNull();
    expect(fake.requests.length).toBe(before);
    expect(await locator.locate(FAKE_PUBLIC_IP)).toEqual({
      latitude: 39.9075,
      longitude: 116.39723,
      name: 'Beijing, China',
    });
    expect(await locator.locate('8.8.8.8')).toBeNull();
  });

  it('reads the latitude/longitude shape too', async () => {
    const locator = new UrlIpLocator('http://look.up/{ip}', {
      fetch: async () =>
        new Response(
          JSON.stringify({ latitude: '48.85', longitude: 2.35, city: 'Paris', country_name: 'France' }),
        ),
    });
    expect(await locator.locate('8.8.4.4')).toEqual({
      latitude: 48.85,
      longitude: 2.35,
      name: 'Paris, France',
    });
    expect(() => new UrlIpLocator('http://look.up/')).toThrow(/\{ip\}/);
  });
});

describe('weather service', () => {
  const service = () =>
    new WeatherService({
      provider: client(),
      ipLocator: new UrlIpLocator(`${fake.url}/json/{ip}`),
      now: () => clock,
    });
  const ask = { userArea: null, ip: '10.0.0.1', hours: 2, language: 'en' as const };

  it('answers for the area asked, else the user’s area, else the address', async () => {
    const s = service();
    const asked = await s.weather({ ...ask, area: '2950159', userArea: '1816670' });
    expect(asked).toMatchObject({
      configured: true,
      problem: null,
      weather: { area: 'Berlin, Land Berlin, Germany', source: 'area', code: 61 },
    });
    expect(asked.weather?.hours).toHaveLength(2);
    const own = await s.weather({ ...ask, userArea: 'Beijing' });
    expect(own.weather).toMatchObject({ area: 'Beijing, China', source: 'area', temperature: 3.2 });
    expect(await s.weather(ask)).toEqual({ configured: true, weather: null, problem: 'unlocatable' });
    const byIp = await s.weather({ ...ask, ip: FAKE_PUBLIC_IP });
    expect(byIp.weather).toMatchObject({ area: 'Beijing, China', source: 'ip' });
    expect(await s.weather({ ...ask, area: 'Atlantis' })).toEqual({
      configured: true,
      weather: null,
      problem: 'unknownArea',
    });
  });

  it('asks the provider once per place and quarter hour, and leaves it alone a minute after a failure', async () => {
    const s = service();
    const forecasts = () => fake.requests.filter((r) => r.startsWith('/v1/forecast')).length;
    const start = forecasts();
    await Promise.all([1, 2, 3].map(() => s.weather({ ...ask, area: '2950159' })));
    await s.weather({ ...ask, area: '2950159' });
    expect(forecasts()).toBe(start + 1);
    clock += CONDITIONS_TTL_MS + 1;
    fake.failing = true;
    try {
      expect((await s.weather({ ...ask, area: '2950159' })).problem).toBe('unavailable');
      fake.failing = false;
      expect((await s.weather({ ...ask, area: '2950159' })).problem).toBe('unavailable');
      clock += FAILURE_TTL_MS + 1;
      expect((await s.weather({ ...ask, area: '2950159' })).problem).toBeNull();
    } finally {
      fake.failing = false;
    }
  });

  it('says the address cannot be placed when no look-up is configured', async () => {
    const s = new WeatherService({ provider: client(), now: () => clock });
    expect((await s.weather({ ...ask, ip: FAKE_PUBLIC_IP })).problem).toBe('unlocatable');
  });
});

describe('weather settings', () => {
  it('is off unless a provider is named, and checks what is given', () => {
    expect(weatherSettings({})).toBeNull();
    expect(weatherSettings({ WEATHER_PROVIDER: ' ' })).toBeNull();
    expect(weatherSettings({ WEATHER_PROVIDER: 'open-meteo' })).toEqual({
      provider: 'open-meteo',
      forecastUrl: 'https://api.open-meteo.com',
      geocodingUrl: 'https://geocoding-api.open-meteo.com',
      apiKey: undefined,
      ipLookupUrl: undefined,
    });
    expect(
      weatherSettings({
        WEATHER_PROVIDER: 'Open-Meteo',
        WEATHER_URL: 'http://meteo.lan:8080/',
        WEATHER_IP_URL: 'http://ip-api.com/json/{ip}?fields=status,lat,lon,city,country',
        WEATHER_API_KEY: 'abc',
      }),
    ).toMatchObject({
      forecastUrl: 'http://meteo.lan:8080',
      apiKey: 'abc',
      ipLookupUrl: 'http://ip-api.com/json/{ip}?fields=status,lat,lon,city,country',
    });
    expect(() => weatherSettings({ WEATHER_PROVIDER: 'sunny' })).toThrow(/WEATHER_PROVIDER/);
    expect(() => weatherSettings({ WEATHER_PROVIDER: 'open-meteo', WEATHER_URL: 'ftp://x' })).toThrow(
      /WEATHER_URL/,
    );
    expect(() =>
      weatherSettings({ WEATHER_PROVIDER: 'open-meteo', WEATHER_IP_URL: 'http://ip-api.com/json/' }),
    ).toThrow(/\{ip\}/);
  });
});
