/**
 * The big screen's layout (spec §2 "big-screen display"), chosen by the user and kept as one saved
 * user document (ftype `console-layout`, fname `big-screen`, docs/api.md § Saved documents): the
 * preset, whether and how often the rotating slots turn, the period the alarm figures cover, the
 * diagram shown, the live channels picked and whether alarms sound. A stored value the console no
 * longer knows falls back to its default field by field, so an old or hand-edited document never
 * breaks the wall.
 */
import { z } from 'zod';

export const LAYOUT_DOCUMENT = { ftype: 'console-layout', fname: 'big-screen' } as const;

/** How long a change waits for the next before it is saved. */
export const LAYOUT_SAVE_DELAY_MS = 500;

export const PANELS = ['ratio', 'ticker', 'map', 'top', 'values', 'diagram'] as const;
export type PanelId = (typeof PANELS)[number];

export const PRESETS = ['overview', 'alarms', 'diagram', 'map'] as const;
export type PresetId = (typeof PRESETS)[number];

/**
 * Each preset's slots (grid areas s1…s5 of its template in big-screen.css), each with the panels
 * it shows: one stays, several take turns. Every preset shows every panel; the totals are a strip
 * of their own above the slots.
 */
export const PRESET_SLOTS: Readonly<Record<PresetId, readonly (readonly PanelId[])[]>> = {
  overview: [['ratio'], ['map', 'diagram'], ['ticker'], ['top'], ['values']],
  alarms: [['top'], ['ticker'], ['map'], ['ratio'], ['values', 'diagram']],
  diagram: [['diagram'], ['values', 'map'], ['ticker', 'top', 'ratio']],
  map: [['map'], ['ticker'], ['top', 'ratio', 'values', 'diagram']],
};

export const ROTATION_CHOICES = [10, 20, 30, 60, 120, 300] as const;
export const PERIODS = ['24h', '7d'] as const;
export type Period = (typeof PERIODS)[number];

/** Live channels a wall shows at most. */
export const MAX_CHANNELS = 12;

export const ChannelPick = z.strictObject({
  equipmentId: z.number().int().positive(),
  kind: z.enum(['do', 'di', 'ai', 'ao']),
  /** Counted from 1, as the diagrams bind channels. */
  index: z.number().int().min(1).max(32),
});
export type ChannelPick = z.infer<typeof ChannelPick>;

export interface WallLayout {
  readonly preset: PresetId;
  readonly rotate: boolean;
  readonly rotationSeconds: number;
  readonly period: Period;
  /** A project id (svg diagrams), or null for none. */
  readonly diagramId: string | null;
  readonly channels: readonly ChannelPick[];
  /** The user wants alarms to sound (the browser still needs a click before any sound). */
  readonly sound: boolean;
}

export const DEFAULT_WALL: WallLayout = {
  preset: 'overview',
  rotate: true,
  rotationSeconds: 20,
  period: '24h',
  diagramId: null,
  channels: [],
  sound: false,
};

const Stored = z.object({
  preset: z.enum(PRESETS).optional().catch(undefined),
  rotate: z.boolean().optional().catch(undefined),
  rotationSeconds: z
    .number()
    .refine((n) => (ROTATION_CHOICES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  period: z.enum(PERIODS).optional().catch(undefined),
  diagramId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable()
    .optional()
    .catch(undefined),
  channels: z.array(z.unknown()).optional().catch(undefined),
  sound: z.boolean().optional().catch(undefined),
});

/** The same channel twice counts once. */
const pickKey = (p: ChannelPick): string => `${p.equipmentId}:${p.kind}:${p.index}`;

function readChannels(items: readonly unknown[] | undefined): ChannelPick[] {
  const picks: ChannelPick[] = [];
  const seen = new Set<string>();
  for (const item of items ?? []) {
    const parsed = ChannelPick.safeParse(item);
    if (!parsed.success || seen.has(pickKey(parsed.data))) continue;
    seen.add(pickKey(parsed.data));
    picks.push(parsed.data);
    if (picks.length === MAX_CHANNELS) break;
  }
  return picks;
}

/** The layout of a saved document's context; what is missing or unknown takes its default. */
export function readWall(context: unknown): WallLayout {
  const parsed = Stored.safeParse(context);
  if (!parsed.success) return DEFAULT_WALL;
  const { channels, ...fields } = parsed.data;
  const known = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_WALL, ...known, channels: readChannels(channels) };
}

/** `channels` with `pick` added at the end, unless it is there already or the list is full. */
export function addChannel(channels: readonly ChannelPick[], pick: ChannelPick): readonly ChannelPick[] {
  if (channels.length >= MAX_CHANNELS || channels.some((c) => pickKey(c) === pickKey(pick))) return channels;
  return [...channels, pick];
}

export function removeChannel(channels: readonly ChannelPick[], pick: ChannelPick): readonly ChannelPick[] {
  return channels.filter((c) => pickKey(c) !== pickKey(pick));
}

export { pickKey };
