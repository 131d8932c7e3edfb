/**
 * Reading a team host's radio and report interval (LoraRParam, LoRaRTiming) through the operations
 * call, whose reply carries what the gateway holds as a live-channel message (docs/api.md §
 * Operations, docs/protocol.md § Operation results), and its slave table as a register read over
 * the live channel (docs/protocol.md § Team host). Reads need no password, so they go without the
 * operation runner and its prompt.
 */
import {
  bytesToRegisters,
  CrfLoraParamSchema,
  CrfLoraTimingSchema,
  decodeSlaveTable,
  LORA_SLAVES_REGISTER,
  LORA_SLAVES_REGISTERS,
} from '@fieldlink/protocol';
import type { LoraRadioParams, LoraRateSeconds, Operation } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { operate } from '../../api/operations';
import { registerReads } from '../../live/service';
import { RegisterReadError } from '../../rules/register-reads';

/** Spec 001 § 4: the slave list refreshes every 5 s. */
export const LORA_SLAVES_REFRESH_MS = 5000;

export const loraKeys = {
  all: (id: number) => ['lora', id] as const,
  radio: (id: number) => ['lora', id, 'radio'] as const,
  timing: (id: number) => ['lora', id, 'timing'] as const,
  slaves: (id: number) => ['lora', id, 'slaves'] as const,
};

/** The gateway answered, but not with what the read asks for (an out-of-range value, another kind). */
export class UnreadableAnswer extends Error {
  constructor() {
    super('the gateway gave no readable answer');
    this.name = 'UnreadableAnswer';
  }
}

async function resultOf(id: number, operation: Operation, signal?: AbortSignal): Promise<unknown> {
  const reply = await operate(id, operation, signal ? { signal } : {});
  return reply.result;
}

export async function readRadio(id: number, signal?: AbortSignal): Promise<LoraRadioParams> {
  const parsed = CrfLoraParamSchema.safeParse(await resultOf(id, { opr: 'LoraRParam' }, signal));
  if (!parsed.success) throw new UnreadableAnswer();
  const { netId, channel, airRate, power } = parsed.data.info;
  return { netId, channel, airRate, power };
}

export async function readTiming(id: number, signal?: AbortSignal): Promise<LoraRateSeconds> {
  const parsed = CrfLoraTimingSchema.safeParse(await resultOf(id, { opr: 'LoRaRTiming' }, signal));
  if (!parsed.success) throw new UnreadableAnswer();
  return parsed.data.info.interval;
}

/**
 * The slave table read as its 16 holding registers, not with the lorarconfig operation: the server
 * records every operation as an event of the device, and a table read every 5 s would add 720 of
 * them an hour. A register read is not recorded.
 */
export async function readSlaves(unid: string): Promise<number[]> {
  const bytes = await registerReads.read(unid, LORA_SLAVES_REGISTER, LORA_SLAVES_REGISTERS);
  return decodeSlaveTable(bytesToRegisters(bytes));
}

// Every operation is carried out on the device (and is a line in its events): a read is not
// repeated on its own after a failure nor when the window gets the focus again; the user reads
// again at will.
const ONCE = { retry: false, refetchOnWindowFocus: false, staleTime: Infinity } as const;

export function useRadio(id: number) {
  return useQuery({ queryKey: loraKeys.radio(id), queryFn: ({ signal }) => readRadio(id, signal), ...ONCE });
}

export function useTiming(id: number) {
  return useQuery({
    queryKey: loraKeys.timing(id),
    queryFn: ({ signal }) => readTiming(id, signal),
    ...ONCE,
  });
}

/**
 * The slave table of the team host `id` (unit id `unid`), read again every 5 s while `shown`. The
 * query's interval stops while the browser page is hidden (TanStack Query does not refetch in the
 * background) and when the tab is unmounted (no observer left). A read still waiting for its reply
 * when the interval comes round is not sent again: the interval joins it.
 */
export function useSlaves(id: number, unid: string, shown: boolean) {
  return useQuery({
    queryKey: loraKeys.slaves(id),
    queryFn: () => readSlaves(unid),
    refetchInterval: shown ? LORA_SLAVES_REFRESH_MS : false,
    refetchIntervalInBackground: false,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Why a read failed, in the user's words. */
export function readError(error: unknown, t: TFunction): string {
  if (error instanceof UnreadableAnswer) return t('rules.lora.errors.unreadable');
  if (error instanceof RegisterReadError) return registerReadError(error, t);
  if (error instanceof ApiError) {
    if (error.status === 409) return t('rules.lora.errors.offline');
    if (error.status === 403) return t('rules.lora.errors.forbidden');
    if (error.status === 503) return t('rules.lora.errors.unavailable');
    if (error.status === 400) return t('rules.lora.errors.notTeam', { message: error.message });
  }
  return t('rules.lora.errors.other', { message: error instanceof Error ? error.message : String(error) });
}

/** Why a register read over the live channel failed, in the user's words. */
function registerReadError(error: RegisterReadError, t: TFunction): string {
  switch (error.reason) {
    case 'offline':
    case 'timeout':
      return t('rules.lora.errors.offline');
    case 'refused':
      return error.exception === undefined
        ? t('rules.lora.errors.refused')
        : t('rules.lora.errors.refusedException', { exception: error.exception });
    // Before the live channel is registered the server answers `unauthorized`: not connected yet.
    case 'not_connected':
    case 'unauthorized':
      return t('rules.lora.errors.notConnected');
    case 'forbidden':
      return t('rules.lora.errors.forbidden');
    case 'bad_reply':
      return t('rules.lora.errors.unreadable');
    default:
      return t('rules.lora.errors.other', { message: error.message });
  }
}
