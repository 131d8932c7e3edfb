/**
 * The tenant key of the console's host (specification §1): the first label of a sub-domain host.
 * The shared console's own names (www, ems, dam), a bare host name such as localhost and an IP
 * address have none, and get the default brand.
 */
import { RESERVED_TENANT_KEYS } from '@fieldlink/protocol';

const KEY = /^[A-Za-z0-9-]{1,63}$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function brandKeyOf(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  if (host === '' || host.includes(':') || IPV4.test(host)) return '';
  const labels = host.split('.');
  if (labels.length < 2) return '';
  const first = labels[0] ?? '';
  return KEY.test(first) && !RESERVED_TENANT_KEYS.includes(first) ? first : '';
}
