/**
 * Where a tenant's sign-in page is: the console's own address with the tenant's key as the first
 * label of the host (spec §1). A host that already starts with a tenant key or a shared name (www,
 * ems, dam) has that label replaced; another host name gets the key in front. An IP address has
 * no sub-domains, so there is no address to give.
 */
import { brandKeyOf, RESERVED_TENANT_KEYS } from '@fieldlink/protocol';

export interface ConsoleLocation {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function tenantSignInAddress(key: string, at: ConsoleLocation): string | null {
  const host = at.hostname.toLowerCase();
  if (key === '' || host === '' || host.includes(':') || host.startsWith('[') || IPV4.test(host)) return null;
  const labels = host.split('.');
  const first = labels[0] ?? '';
  const base =
    labels.length > 1 && (brandKeyOf(host) !== '' || RESERVED_TENANT_KEYS.includes(first))
      ? labels.slice(1).join('.')
      : host;
  const port = at.port ? `:${at.port}` : '';
  return `${at.protocol}//${key}.${base}${port}/#/login`;
}
