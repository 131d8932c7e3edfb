/**
 * Which addresses the server may dial a Modbus TCP device at (docs/operations.md § Modbus TCP
 * addresses). Any user who owns equipment sets its address, so without a policy the server would
 * connect wherever a user asks and write the bytes of their operations there: its own Redis on
 * loopback, a cloud metadata service at 169.254.169.254. Refused by default: loopback, link-local,
 * unspecified, multicast, broadcast and reserved addresses (in IPv4-mapped IPv6 form as well), and
 * the server's own addresses. The operator opens ranges with `MODBUS_TCP_ALLOW` (CIDR list); the
 * allow list wins over every refusal. Private LAN ranges are allowed: that is where devices live.
 */
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

export type IpFamily = 'ipv4' | 'ipv6';

/** One range: an address and its prefix length. */
export interface Cidr {
  readonly address: string;
  readonly prefix: number;
  readonly family: IpFamily;
}

const familyOf = (address: string): IpFamily | null => {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
};

/** `10.0.0.0/8`, `fd00::/8`, or an address alone (the single address); null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const family = familyOf(address);
  if (family === null || address.includes('%')) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { address, prefix, family } : null;
}

/** A comma-separated CIDR list (MODBUS_TCP_ALLOW); throws an Error naming the first bad entry. */
export function parseCidrList(text: string): Cidr[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    const cidr = parseCidr(entry);
    if (!cidr) throw new Error(`'${entry}' is not an IPv4 or IPv6 address or CIDR range`);
    return cidr;
  });
}

/** Refused whatever the server's addresses, with the reason given. */
const REFUSED: readonly (readonly [string, number, IpFamily, string])[] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved or broadcast address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  // IPv4-compatible addresses (deprecated): ::127.0.0.1 and the like.
  ['::', 96, 'ipv6', 'an IPv4-compatible address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

function blockListOf(ranges: readonly Pick<Cidr, 'address' | 'prefix' | 'family'>[]): BlockList {
  const list = new BlockList();
  for (const { address, prefix, family } of ranges) list.addSubnet(address, prefix, family);
  return list;
}

/** Every address of this machine's interfaces, loopback included. */
export function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

export interface DialPolicyOptions {
  /** Ranges dialled even when refused by default (MODBUS_TCP_ALLOW). */
  readonly allow?: readonly Cidr[];
  /** The server's own addresses, asked at each check; default: its network interfaces'. */
  readonly ownAddresses?: () => readonly string[];
}

export class DialPolicy {
  readonly #allow: BlockList;
  readonly #refused: readonly (readonly [BlockList, string])[];
  readonly #own: () => readonly string[];

  constructor(options: DialPolicyOptions = {}) {
    this.#allow = blockListOf(options.allow ?? []);
    this.#refused = REFUSED.map(([address, prefix, family, reason]) => [
      blockListOf([{ address, prefix, family }]),
      reason,
    ]);
    this.#own = options.ownAddresses ?? interfaceAddresses;
  }

  /** Why the server may not dial this IP address, or null when it may. A host name is refused. */
  refusal(ip: string): string | null {
    const address = ip.split('%')[0] ?? '';
    const family = familyOf(address);
    if (family === null) return 'not an IP address';
    if (this.#allow.check(address, family)) return null;
    for (const [list, reason] of this.#refused) if (list.check(address, family)) return reason;
    const own = new BlockList();
    for (const mine of this.#own()) {
      const f = familyOf(mine.split('%')[0] ?? '');
      if (f !== null) own.addAddress(mine.split('%')[0]!, f);
    }
    if (own.check(address, family)) return "one of the server's own addresses";
    return null;
  }
}

/** The reason as the API and the log say it. */
export function refusalMessage(address: string, reason: string): string {
  return `the server does not dial ${address}: ${reason} (an operator may allow it with MODBUS_TCP_ALLOW)`;
}
