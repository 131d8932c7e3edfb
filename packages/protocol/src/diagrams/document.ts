/**
 * A configuration diagram's document (docs/protocol.md § Diagram documents): the canvas, the
 * project's colour palette (spec globalColorArr) and the widgets, each bound to an equipment's
 * channel, plus the bindings of an imported SVG's elements or a 3D scene's meshes. Stored and
 * exchanged as versioned JSON; `parseDiagramDocument` takes any version it knows, upgrades it to
 * the current one and refuses everything else with the path of what is wrong.
 */
import { z } from 'zod';
import { FILE_DIR_DEPTH, fileNameProblem } from '../api/files.js';

export const DIAGRAM_FORMAT = 'fieldlink-diagram';
export const DIAGRAM_VERSION = 1;

/** Bounds of the canvas and of everything on it, in canvas pixels. */
export const CANVAS_MAX = 20_000;
export const WIDGETS_MAX = 2_000;
export const PALETTE_MAX = 32;

const Colour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'a colour as #rgb, #rrggbb or #rrggbbaa');
const Coordinate = z.number().finite().min(-CANVAS_MAX).max(CANVAS_MAX);
const Size = z.number().finite().min(1).max(CANVAS_MAX);
const Text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
/** A picture address of the file store, a same-site path, https or a data: picture. */
const PictureAddress = Text(2048).regex(
  /^(?:$|\/(?!\/)|https:\/\/|data:image\/(?:png|jpeg|gif|webp|svg\+xml);)/,
  'a picture address: /api/v1/pictures/…, https://… or data:image/…',
);

/** Directory names and the file's name a scene path has at most (the file store's depth). */
const SCENE_PATH_NAMES_MAX = FILE_DIR_DEPTH + 1;

/**
 * Why `src` is not a scene file's path in the project's file space (`<project id>/plant.glb`), or
 * null. Addresses of other sites are refused: the console's security policy reads only its own.
 */
export function scenePathProblem(src: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/')) {
    return 'a file of the project’s files (<project id>/plant.glb), not an address: upload the scene';
  }
  const names = src.split('/');
  if (names.length > SCENE_PATH_NAMES_MAX) return `at most ${SCENE_PATH_NAMES_MAX - 1} directories deep`;
  for (const name of names) {
    const problem = fileNameProblem(name);
    if (problem !== null) return problem;
  }
  return null;
}

export const DIAGRAM_CHANNEL_KINDS = ['do', 'di', 'ai', 'ao'] as const;
export const DiagramChannelKind = z.enum(DIAGRAM_CHANNEL_KINDS);
export type DiagramChannelKind = z.infer<typeof DiagramChannelKind>;

/** What a widget shows or operates: an equipment, and one of its channels (counted from 1). */
export const Binding = z.strictObject({
  equipmentId: z.number().int().positive(),
  channel: z.strictObject({ kind: DiagramChannelKind, index: z.number().int().min(1).max(32) }).nullable(),
});
export type Binding = z.infer<typeof Binding>;

const Frame = {
  id: z.string().min(1).max(64),
  x: Coordinate,
  y: Coordinate,
  width: Size,
  height: Size,
  rotation: z.number().finite().min(-360).max(360).default(0),
  layer: z.number().int().min(0).max(999).default(0),
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

/** A binding that must name a channel of one of these kinds. */
function channelOf(...kinds: DiagramChannelKind[]) {
  return Binding.refine(
    (b) => b.channel !== null && kinds.includes(b.channel.kind),
    `bind it to a ${kinds.map((k) => k.toUpperCase()).join(' or ')} channel`,
  );
}

export const SwitchWidget = z.strictObject({
  ...Frame,
  kind: z.literal('switch'),
  binding: channelOf('do'),
  label: Text(64).default(''),
});
export const LampWidget = z.strictObject({
  ...Frame,
  kind: z.literal('lamp'),
  binding: channelOf('do', 'di'),
  onColor: Colour.default('#52c41a'),
  offColor: Colour.default('#bfbfbf'),
});
export const ValueWidget = z.strictObject({
  ...Frame,
  kind: z.literal('value'),
  binding: channelOf('ai', 'ao'),
  decimals: z.number().int().min(0).max(6).default(1),
  showUnit: z.boolean().default(true),
  fontSize: z.number().min(6).max(400).default(16),
  color: Colour.default('#1f1f1f'),
  alarmColor: Colour.default('#ff4d4f'),
});
const Range = { min: z.number().finite().default(0), max: z.number().finite().default(100) };
export const GaugeWidget = z.strictObject({
  ...Frame,
  kind: z.literal('gauge'),
  binding: channelOf('ai', 'ao'),
  ...Range,
});
export const LevelWidget = z.strictObject({
  ...Frame,
  kind: z.literal('level'),
  binding: channelOf('ai', 'ao'),
  ...Range,
  orientation: z.enum(['vertical', 'horizontal']).default('vertical'),
  fill: Colour.default('#1677ff'),
});
export const TrendWidget = z.strictObject({
  ...Frame,
  kind: z.literal('trend'),
  binding: channelOf('ai', 'ao'),
  minutes: z.number().int().min(1).max(1440).default(60),
  color: Colour.default('#1677ff'),
});
export const SetpointWidget = z.strictObject({
  ...Frame,
  kind: z.literal('setpoint'),
  binding: channelOf('ao'),
  step: z.number().positive().max(10_000).default(1),
});
export const TextWidget = z.strictObject({
  ...Frame,
  kind: z.literal('text'),
  text: Text(500),
  fontSize: z.number().min(6).max(400).default(16),
  color: Colour.default('#1f1f1f'),
  align: z.enum(['left', 'center', 'right']).default('left'),
});
export const ImageWidget = z.strictObject({
  ...Frame,
  kind: z.literal('image'),
  src: PictureAddress,
  fit: z.enum(['contain', 'cover', 'fill']).default('contain'),
});
export const PipeWidget = z.strictObject({
  ...Frame,
  kind: z.literal('pipe'),
  points: z
    .array(z.strictObject({ x: Coordinate, y: Coordinate }))
    .min(2)
    .max(200),
  thickness: z.number().min(1).max(200).default(8),
  color: Colour.default('#8c8c8c'),
  flowColor: Colour.default('#1677ff'),
  /** The flow animates while this channel is on (DO, DI) or above `threshold` (AI, AO). */
  flow: Binding.nullable().default(null),
  threshold: z.number().finite().default(0),
});
export const StatusWidget = z.strictObject({
  ...Frame,
  kind: z.literal('status'),
  binding: Binding.refine((b) => b.channel === null, 'a status badge shows a whole equipment: no channel'),
});

export const Widget = z.discriminatedUnion('kind', [
  SwitchWidget,
  LampWidget,
  ValueWidget,
  GaugeWidget,
  LevelWidget,
  TrendWidget,
  SetpointWidget,
  TextWidget,
  ImageWidget,
  PipeWidget,
  StatusWidget,
]);
export type Widget = z.infer<typeof Widget>;
export type WidgetKind = Widget['kind'];

/** How a bound SVG element or 3D mesh follows its channel. */
export const ElementRule = z.strictObject({
  property: z.enum(['fill', 'stroke', 'visibility', 'text', 'color', 'label']),
  /** On/off colours (digital), or colours below and above `threshold` (analog). */
  on: Colour.optional(),
  off: Colour.optional(),
  threshold: z.number().finite().default(0),
  decimals: z.number().int().min(0).max(6).default(1),
});
export type ElementRule = z.infer<typeof ElementRule>;

const ElementBinding = z.strictObject({
  /** The SVG element's id, or the 3D mesh's name. */
  target: z.string().min(1).max(200),
  binding: Binding,
  rule: ElementRule,
});
export type ElementBinding = z.infer<typeof ElementBinding>;

export const DiagramDocument = z
  .strictObject({
    format: z.literal(DIAGRAM_FORMAT),
    version: z.literal(DIAGRAM_VERSION),
    canvas: z.strictObject({
      width: z.number().int().min(100).max(CANVAS_MAX).default(1920),
      height: z.number().int().min(100).max(CANVAS_MAX).default(1080),
      background: z.strictObject({ color: Colour.default('#ffffff'), image: PictureAddress.default('') }),
      grid: z.strictObject({
        size: z.number().int().min(2).max(200).default(10),
        snap: z.boolean().default(true),
        visible: z.boolean().default(true),
      }),
    }),
    palette: z.array(Colour).max(PALETTE_MAX).default([]),
    widgets: z.array(Widget).max(WIDGETS_MAX).default([]),
    /** An imported (sanitised) SVG drawn under the widgets, with its elements bound. */
    svg: z
      .strictObject({ src: PictureAddress, bindings: z.array(ElementBinding).max(WIDGETS_MAX) })
      .nullable()
      .default(null),
    /** A glTF/GLB scene (3D projects): a file of the project's file space, with its meshes bound. */
    scene: z
      .strictObject({
        src: Text(2048).superRefine((src, ctx) => {
          const problem = scenePathProblem(src);
          if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
        }),
        bindings: z.array(ElementBinding).max(WIDGETS_MAX),
      })
      .nullable()
      .default(null),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.widgets.forEach((widget, i) => {
      if (seen.has(widget.id))
        ctx.addIssue({
          code: 'custom',
          path: ['widgets', i, 'id'],
          message: `widget id ${widget.id} is used twice`,
        });
      seen.add(widget.id);
    });
  });
export type DiagramDocument = z.infer<typeof DiagramDocument>;
export type DiagramDocumentInput = z.input<typeof DiagramDocument>;

/** An empty document of the current version. */
export function emptyDiagram(width = 1920, height = 1080): DiagramDocument {
  return DiagramDocument.parse({
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width, height, background: {}, grid: {} },
  });
}

/**
 * The spec's project entry (version 0, before this format): `canvasConfig` (JSON text or object
 * with the canvas size and colour) and `globalColorArr`; its drawing is not ours to read, so it
 * upgrades to an empty canvas of the same size and palette.
 */
const LegacyProject = z.looseObject({
  canvasConfig: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  globalColorArr: z.array(z.unknown()).optional(),
});

function upgradeLegacy(legacy: z.infer<typeof LegacyProject>): unknown {
  let canvas: Record<string, unknown> = {};
  if (typeof legacy.canvasConfig === 'string') {
    try {
      const parsed: unknown = JSON.parse(legacy.canvasConfig);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        canvas = parsed as Record<string, unknown>;
    } catch {
      // Unreadable: the defaults.
    }
  } else if (legacy.canvasConfig) {
    canvas = legacy.canvasConfig;
  }
  const number = (value: unknown, fallback: number): number => {
    const n = typeof value === 'string' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= CANVAS_MAX ? n : fallback;
  };
  const colour = (value: unknown): string | undefined =>
    typeof value === 'string' && Colour.safeParse(value).success ? value : undefined;
  const background = colour(canvas.backgroundColor ?? canvas.background);
  return {
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: {
      width: number(canvas.width, 1920),
      height: number(canvas.height, 1080),
      background: background ? { color: background } : {},
      grid: {},
    },
    palette: (legacy.globalColorArr ?? [])
      .flatMap((c) => {
        const ok = colour(c);
        return ok ? [ok] : [];
      })
      .slice(0, PALETTE_MAX),
  };
}

export type DiagramParse =
  | { readonly ok: true; readonly document: DiagramDocument; readonly upgradedFrom: number | null }
  | { readonly ok: false; readonly problems: readonly string[] };

/** `path: message` lines of a zod error, at most `limit`. */
function problemsOf(error: z.ZodError, limit = 10): string[] {
  return error.issues
    .slice(0, limit)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(document)'}: ${issue.message}`);
}

/** A document of any known version, upgraded to the current one; or what is wrong with it. */
export function parseDiagramDocument(input: unknown): DiagramParse {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: ['(document): a diagram document is a JSON object'] };
  }
  const record = input as Record<string, unknown>;
  let upgradedFrom: number | null = null;
  let candidate: unknown = input;
  if (record.format === undefined && ('canvasConfig' in record || 'globalColorArr' in record)) {
    const legacy = LegacyProject.safeParse(input);
    if (!legacy.success) return { ok: false, problems: problemsOf(legacy.error) };
    candidate = upgradeLegacy(legacy.data);
    upgradedFrom = 0;
  } else if (record.format !== DIAGRAM_FORMAT) {
    return { ok: false, problems: [`format: not a ${DIAGRAM_FORMAT} document`] };
  } else if (typeof record.version === 'number' && record.version > DIAGRAM_VERSION) {
    return {
      ok: false,
      problems: [
        `version: made by a newer console (version ${record.version}; this one reads up to ${DIAGRAM_VERSION})`,
      ],
    };
  }
  const parsed = DiagramDocument.safeParse(candidate);
  return parsed.success
    ? { ok: true, document: parsed.data, upgradedFrom }
    : { ok: false, problems: problemsOf(parsed.error) };
}

/** Every equipment a document draws (spec §3 fDODIMode svgEquipsDate: the devices it needs). */
export function diagramEquipment(document: DiagramDocument): number[] {
  const ids = new Set<number>();
  for (const widget of document.widgets) {
    if ('binding' in widget) ids.add(widget.binding.equipmentId);
    if (widget.kind === 'pipe' && widget.flow) ids.add(widget.flow.equipmentId);
  }
  for (const bound of [...(document.svg?.bindings ?? []), ...(document.scene?.bindings ?? [])]) {
    ids.add(bound.binding.equipmentId);
  }
  return [...ids].sort((a, b) => a - b);
}
