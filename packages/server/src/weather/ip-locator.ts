/**
 * Where a client address is, for weather by IP (§7): an address look-up service the operator
 * names with WEATHER_IP_URL, a URL with `{ip}` where the address goes. Two reply shapes are read,
 * which cover the common services: `lat`/`lon` with `status` (ip-api.com's) and
 * `latitude`/`longitude` (ipapi.co's, ipwho.is's). Only public addresses are looked up: a private,
 * loopback or link-local address says nothing of the weather and is not sent anywhere.
 */
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { fetchJson } from './fetch-json.js';
import type { IpLocator } from './provider.js';

const NOT_PUBLIC: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 127, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];
const notPublic = new BlockList();
for (const [address, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, family);

/** The address without an IPv4-mapped prefix, when it is a public one; else null. */
export function publicAddress(ip: string): string | null {
  const bare = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const version = isIP(bare);
  if (version === 0) return null;
  return notPublic.check(bare, version === 4 ? 'ipv4' : 'ipv6') ? null : bare;
}

const Coordinate = (max: number) => z.coerce.number().min(-max).max(max);
const IpApi = z.object({
  status: z.literal('success'),
  lat: Coordinate(90),
  lon: Coordinate(180),
  city: z.string().optional(),
  regionName: z.string().optional(),
  country: z.string().optional(),
});
const LatitudeLongitude = z.object({
  latitude: Coordinate(90),
  longitude: Coordinate(180),
  city: z.string().optional(),
  region: z.string().optional(),
  country_name: z.string().optional(),
  country: z.string().optional(),
});

const named = (...parts: (string | undefined)[]): string =>
  [...new Set(parts.filter((p): p is string => !!p && p.trim() !== ''))].join(', ');

export class UrlIpLocator implements IpLocator {
  readonly #template: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number | undefined;

  /** `template` holds `{ip}`: `http://ip-api.com/json/{ip}?fields=status,lat,lon,city,regionName,country`. */
  constructor(template: string, options: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
    if (!template.includes('{ip}')) throw new Error('the address look-up URL must contain {ip}');
    this.#template = template;
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs;
  }

  async locate(ip: string): Promise<{ latitude: number; longitude: number; name: string } | null> {
    const address = publicAddress(ip);
    if (address === null) return null;
    const url = new URL(this.#template.replace('{ip}', encodeURIComponent(address)));
    const body = await fetchJson(url, this.#fetch, this.#timeoutMs);
    const a = IpApi.safeParse(body);
    if (a.success)
      return {
        latitude: a.data.lat,
        longitude: a.data.lon,
        name: named(a.data.city, a.data.regionName, a.data.country),
      };
    const b = LatitudeLongitude.safeParse(body);
    if (b.success)
      return {
        latitude: b.data.latitude,
        longitude: b.data.longitude,
        name: named(b.data.city, b.data.region, b.data.country_name ?? b.data.country),
      };
    return null;
  }
}
