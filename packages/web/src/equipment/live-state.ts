/**
 * Channel values per equipment (spec §3 live data): DO/DI states unpacked from their bytes (8
 * channels a byte), raw AI/AO values and the device's time. Pushes carry only what changed, so
 * each one is applied over the last state. The link flag and the battery level (none until the
 * device reports one) are the store's flags, not kept here.
 */
import { parseChannelValues, readChannelStates } from '@fieldlink/protocol';
import type { EquipInfoNow, PushInfo } from '@fieldlink/protocol';
import type { ChannelCounts } from '../api/equipment';

/**
 * The device-info fields of PushInfo; EquipInfoNow and GPRSReg carry a subset of them, and
 * EquipInfoNow also `Unanswered`: the slave address a device with its link up does not answer at,
 * null once it answers again (a later null wins over an earlier address when merged), and
 * `Unsupported`: the register blocks it refused, {} once it has none (a later map wins).
 */
export type DeviceUpdate = PushInfo['info'] & Pick<EquipInfoNow['info'], 'Unanswered' | 'Unsupported'>;

export interface LiveState {
  readonly do: readonly boolean[];
  readonly di: readonly boolean[];
  /** Raw AI values (from regai, or strregai when a value does not fit a register). */
  readonly ai: readonly number[];
  readonly ao: readonly number[];
  /** When the device was read, as the server writes it (its zone's wall clock, no zone). */
  readonly time: string | null;
  /** When the device was read, an instant (epoch ms); absent until a server that sends one did. */
  readonly readAt?: number;
  /** Epoch ms of the last push that carried channel values; 0 before any. */
  readonly receivedAt: number;
  /** Which kinds have had values pushed: until then a channel reads 0, which must not alarm. */
  readonly known: { readonly do: boolean; readonly di: boolean; readonly ai: boolean; readonly ao: boolean };
}

export function emptyLiveState(counts: ChannelCounts): LiveState {
  return {
    do: readChannelStates(null, counts.do),
    di: readChannelStates(null, counts.di),
    ai: parseChannelValues(null, counts.ai),
    ao: parseChannelValues(null, counts.ao),
    time: null,
    receivedAt: 0,
    known: { do: false, di: false, ai: false, ao: false },
  };
}

/**
 * Later fields win (the server's own coalescing does the same). A device that went offline in
 * between no longer has an address it did not answer at, nor blocks it refused: it is silent, or
 * short of blocks, again only when told so after that (an offline followed by an online push must
 * not leave what it had before).
 */
export function mergeUpdates(before: DeviceUpdate, after: DeviceUpdate): DeviceUpdate {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(after)) if (value !== undefined) merged[key] = value;
  if (after.IsOnline === false || (before.IsOnline === false && after.Unanswered === undefined)) {
    merged.Unanswered = null;
  }
  if (after.IsOnline === false || (before.IsOnline === false && after.Unsupported === undefined)) {
    merged.Unsupported = {};
  }
  return merged as DeviceUpdate;
}

/**
 * The type's counts size the arrays; a push's own counts are used only for kinds the type does
 * not know (a type missing from the catalogue reads 0 everywhere).
 */
function countOf(typeCount: number, pushCount: number | undefined): number {
  return typeCount > 0 ? typeCount : (pushCount ?? 0);
}

/** The read instant of an update, else the last one (unless the update's time has none). */
function readAtOf(update: DeviceUpdate, base: LiveState): { readAt?: number } {
  const at = update.at === undefined ? Number.NaN : Date.parse(update.at);
  if (Number.isFinite(at)) return { readAt: at };
  // A time without an instant (an older server) makes the earlier instant stale.
  return update.Time === undefined && base.readAt !== undefined ? { readAt: base.readAt } : {};
}

export function applyUpdate(
  previous: LiveState | undefined,
  update: DeviceUpdate,
  counts: ChannelCounts,
  now: number,
): LiveState {
  const base = previous ?? emptyLiveState(counts);
  const n = {
    do: countOf(counts.do, update.donum),
    di: countOf(counts.di, update.dinum),
    ai: countOf(counts.ai, update.ainum),
    ao: countOf(counts.ao, update.aonum),
  };
  const ai = update.strregai ?? update.regai;
  const ao = update.strregao ?? update.regao;
  const hasValues = update.regdo ?? update.regdi ?? ai ?? ao;
  return {
    do: update.regdo ? readChannelStates(update.regdo, n.do) : base.do,
    di: update.regdi ? readChannelStates(update.regdi, n.di) : base.di,
    ai: ai ? parseChannelValues(ai, n.ai) : base.ai,
    ao: ao ? parseChannelValues(ao, n.ao) : base.ao,
    time: update.Time ?? base.time,
    ...readAtOf(update, base),
    receivedAt: hasValues ? now : base.receivedAt,
    known: {
      do: base.known.do || update.regdo !== undefined,
      di: base.known.di || update.regdi !== undefined,
      ai: base.known.ai || ai !== undefined,
      ao: base.known.ao || ao !== undefined,
    },
  };
}
