/**
 * Equipment unit ids (fUNID). A device behind a team host has the host's unid followed by an
 * underscore and its own suffix ('A1B2C3_2'); it has no link of its own, so its online flag
 * and battery level (SOC) are the host's. See docs/protocol.md § Sub-devices (fUNID).
 */

/**
 * The host's unid of a sub-device: the part before the first underscore. null when the unid
 * has no underscore, or nothing before or after it (not a sub-device).
 */
export function parentUnid(unid: string): string | null {
  if (typeof unid !== 'string') return null;
  const at = unid.indexOf('_');
  if (at <= 0 || at === unid.length - 1) return null;
  return unid.slice(0, at);
}

export function isSubDeviceUnid(unid: string): boolean {
  return parentUnid(unid) !== null;
}

/** The link state the console shows for a device. */
export interface LinkStatus {
  readonly isOnline: boolean;
  readonly soc: number;
}

/**
 * A device's online flag and SOC: a sub-device's come from its host when the host is known,
 * everything else keeps its own.
 */
export function effectiveLinkStatus(
  unid: string,
  own: LinkStatus,
  lookup: (unid: string) => LinkStatus | undefined,
): LinkStatus {
  const parent = parentUnid(unid);
  const host = parent === null ? undefined : lookup(parent);
  return host === undefined ? own : { isOnline: host.isOnline, soc: host.soc };
}
