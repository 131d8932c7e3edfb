/**
 * A local fake of Open-Meteo's forecast and geocoding APIs and of an ip-api.com-style address
 * look-up, for the tests (no provider is reachable from them): the documented reply shapes, two
 * places, the requests it saw, and a switch that makes it fail.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePlace {
  readonly id: number;
  readonly name: string;
  readonly nameZh: string;
  readonly admin1: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  /** The WMO code and °C the forecast gives here. */
  readonly code: number;
  readonly temperature: number;
  readonly utcOffsetSeconds: number;
}

export const FAKE_PLACES: readonly FakePlace[] = [
  {
    id: 2950159,
    name: 'Berlin',
    nameZh: '柏林',
    admin1: 'Land Berlin',
    country: 'Germany',
    latitude: 52.52437,
    longitude: 13.41053,
    code: 61,
    temperature: 7.4,
    utcOffsetSeconds: 3600,
  },
  {
    id: 1816670,
    name: 'Beijing',
    nameZh: '北京',
    admin1: 'Beijing',
    country: 'China',
    latitude: 39.9075,
    longitude: 116.39723,
    code: 0,
    temperature: 3.2,
    utcOffsetSeconds: 28800,
  },
];

/** The address the fake look-up places in Beijing (a documentation address, public in form). */
export const FAKE_PUBLIC_IP = '203.0.113.7';

export interface FakeOpenMeteo {
  readonly url: string;
  /** Paths with query of every request, oldest first. */
  readonly requests: string[];
  /** Answer 500 to everything while true. */
  failing: boolean;
  close(): Promise<void>;
}

const json = (body: unknown) => JSON.stringify(body);

function placeJson(p: FakePlace, language: string | null) {
  return {
    id: p.id,
    name: language === 'zh' ? p.nameZh : p.name,
    latitude: p.latitude,
    longitude: p.longitude,
    elevation: 40,
    feature_code: 'PPLC',
    country_code: p.country === 'China' ? 'CN' : 'DE',
    timezone: p.country === 'China' ? 'Asia/Shanghai' : 'Europe/Berlin',
    country: p.country,
    admin1: p.admin1,
  };
}

function localTime(ms: number, offsetSeconds: number): string {
  return new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 16);
}

export async function startFakeOpenMeteo(now: () => number = Date.now): Promise<FakeOpenMeteo> {
  const requests: string[] = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (state.failing) return send(500, json({ error: true, reason: 'down for the test' }));
    const q = url.searchParams;
    if (url.pathname === '/v1/search') {
      const name = (q.get('name') ?? '').toLowerCase();
      const found = FAKE_PLACES.filter(
        (p) => name.length >= 2 && (p.name.toLowerCase().startsWith(name) || p.nameZh.startsWith(name)),
      ).slice(0, Number(q.get('count') ?? 10));
      // Open-Meteo leaves `results` out when nothing matches.
      return send(
        200,
        json(found.length ? { results: found.map((p) => placeJson(p, q.get('language'))) } : {}),
      );
    }
    if (url.pathname === '/v1/get') {
      const place = FAKE_PLACES.find((p) => String(p.id) === q.get('id'));
      if (!place) return send(400, json({ error: true, reason: 'Location not found' }));
      return send(200, json(placeJson(place, q.get('language'))));
    }
    if (url.pathname === '/v1/forecast') {
      const lat = Number(q.get('latitude'));
      const lon = Number(q.get('longitude'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon))
        return send(400, json({ error: true, reason: 'Latitude and longitude required' }));
      const place =
        FAKE_PLACES.find((p) => Math.abs(p.latitude - lat) < 0.5 && Math.abs(p.longitude - lon) < 0.5) ??
        FAKE_PLACES[0]!;
      const offset = place.utcOffsetSeconds;
      const t = Math.floor(now() / 900_000) * 900_000;
      const hours = Number(q.get('forecast_hours') ?? 0);
      const hourStart = Math.floor(now() / 3600_000) * 3600_000;
      const body: Record<string, unknown> = {
        latitude: lat,
        longitude: lon,
        generationtime_ms: 0.1,
        utc_offset_seconds: offset,
        timezone: place.country === 'China' ? 'Asia/Shanghai' : 'Europe/Berlin',
        current: {
          time: localTime(t, offset),
          interval: 900,
          temperature_2m: place.temperature,
          relative_humidity_2m: 81,
          wind_speed_10m: 12.6,
          weather_code: place.code,
        },
      };
      if (q.get('hourly')) {
        body.hourly = {
          time: Array.from({ length: hours }, (_, i) => localTime(hourStart + i * 3600_000, offset)),
          temperature_2m: Array.from({ length: hours }, (_, i) => place.temperature + i * 0.5),
          weather_code: Array.from({ length: hours }, (_, i) => (i % 2 === 0 ? place.code : 3)),
        };
      }
      return send(200, json(body));
    }
    const ip = /^\/json\/([^/]+)$/.exec(url.pathname)?.[1];
    if (ip !== undefined) {
      const beijing = FAKE_PLACES[1]!;
      if (decodeURIComponent(ip) !== FAKE_PUBLIC_IP)
        return send(200, json({ status: 'fail', message: 'reserved range' }));
      return send(
        200,
        json({
          status: 'success',
          lat: beijing.latitude,
          lon: beijing.longitude,
          city: 'Beijing',
          regionName: 'Beijing',
          country: 'China',
        }),
      );
    }
    send(404, json({ error: true, reason: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenMeteo = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
