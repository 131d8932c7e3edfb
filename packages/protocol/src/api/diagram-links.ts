/**
 * Read-only share links of diagram projects for wall displays, and the dynamic graph of an
 * equipment (docs/api.md § Diagrams; spec §2 equipment detail areas "dynamic graph", §3 fBKImg
 * items 13 and 14, fDODIMode svgEquipsDate). A link's token is shown once, when it is made; the
 * public routes answer with the project's document and the values of the equipment it draws, in
 * the shape the console's renderer takes (packages/web/src/diagrams/values.ts) less the words.
 */
import { z } from 'zod';
import { DiagramDocument } from '../diagrams/document.js';
import { parseBackground } from '../equipment/background.js';
import { DiagramId, DiagramKind } from './diagrams.js';
import { storedText } from './fields.js';

/** A link's token: 32 random bytes, base64url (43 characters). */
export const DIAGRAM_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const DiagramLinkToken = z.string().regex(DIAGRAM_LINK_TOKEN_PATTERN, 'a link token');
export const DiagramLinkTokenParams = z.strictObject({ token: DiagramLinkToken });

/** Links a project keeps at most (revoked ones not counted). */
export const DIAGRAM_LINKS_PER_PROJECT = 50;

/** The console's address of a wall display, after the origin: `/#/wall?link=<token>`. */
export function wallPath(token: string): string {
  return `/#/wall?link=${token}`;
}

export const DiagramLinkParams = z.strictObject({
  id: DiagramId,
  linkId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const DiagramLinkCreate = z.strictObject({
  label: storedText(1, 64),
  /** When the link stops working; null (the default) for never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type DiagramLinkCreate = z.input<typeof DiagramLinkCreate>;

/** A link as its project's editors list it: never its token. */
export const DiagramLinkItem = z.object({
  id: z.number(),
  label: z.string(),
  /** Who made it (null once the account is gone). */
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a display last read it; null when none has. */
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Its expiry has passed: the link answers 410. */
  expired: z.boolean(),
});
export type DiagramLinkItem = z.infer<typeof DiagramLinkItem>;

export const DiagramLinkListReply = z.object({ items: z.array(DiagramLinkItem) });

/** The reply to making a link: the only time its token and address are given. */
export const DiagramLinkCreated = DiagramLinkItem.extend({
  token: DiagramLinkToken,
  /** The wall display's address in the console. */
  url: z.string(),
});
export type DiagramLinkCreated = z.infer<typeof DiagramLinkCreated>;

/** Why a link no longer answers (the 410 reply's `error.reason` and the stream's `gone` event). */
export const WALL_GONE_REASONS = ['revoked', 'expired', 'deleted'] as const;
export const WallGoneReason = z.enum(WALL_GONE_REASONS);
export type WallGoneReason = z.infer<typeof WallGoneReason>;

/** `GET /diagram-links/:token`: what a wall display draws. */
export const WallDiagramReply = z.object({
  name: z.string(),
  kind: DiagramKind,
  revision: z.number(),
  updatedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** The 3D scene's bytes are at `…/scene` (its source is a file of the project's space). */
  sceneFile: z.boolean(),
  document: DiagramDocument,
});
export type WallDiagramReply = z.infer<typeof WallDiagramReply>;

/**
 * One channel as a wall display shows it: the console's ChannelReading without `text`, which the
 * display words in its own language. `on` and `value` are absent until the channel's value is
 * known.
 */
export const WallReading = z.object({
  on: z.boolean().optional(),
  value: z.number().optional(),
  unit: z.string(),
  alarm: z.boolean(),
  name: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type WallReading = z.infer<typeof WallReading>;

/** One equipment the document draws, that the link's creator may still read. */
export const WallEquipment = z.object({
  id: z.number(),
  name: z.string(),
  online: z.boolean(),
  alarm: z.boolean(),
  /** Channel i+1 of a kind is item i. */
  channels: z.object({
    do: z.array(WallReading),
    di: z.array(WallReading),
    ai: z.array(WallReading),
    ao: z.array(WallReading),
  }),
});
export type WallEquipment = z.infer<typeof WallEquipment>;

/**
 * `GET /diagram-links/:token/values` and the stream's `values` event. `full`: the equipment listed
 * is all there is (any other is no longer served); else only those that changed.
 */
export const WallValuesReply = z.object({
  revision: z.number(),
  at: z.iso.datetime({ offset: true }),
  full: z.boolean(),
  equipment: z.array(WallEquipment),
});
export type WallValuesReply = z.infer<typeof WallValuesReply>;

/** The stream's `document` event: the project was saved; read the document again. */
export const WallDocumentEvent = z.object({ revision: z.number() });
/** The stream's `gone` event: the link stopped answering; the stream ends. */
export const WallGoneEvent = z.object({ reason: WallGoneReason });

/** What an item of fBKImg names as a dynamic graph: a project of this console, or an older address. */
export type LinkedDiagram =
  | { readonly kind: 'project'; readonly projectId: string }
  | { readonly kind: 'address'; readonly address: string };

const PROJECT_ITEM = /^[0-9a-f]{32}$/;

/**
 * One fBKImg item (13: the SVG diagram, 14: the 3D scene): a project id (32 lower-case hex
 * characters) is a project; any other text is an address an older console stored; '' is none.
 */
export function linkedDiagramOf(item: string): LinkedDiagram | null {
  const text = item.trim();
  if (text === '') return null;
  return PROJECT_ITEM.test(text) ? { kind: 'project', projectId: text } : { kind: 'address', address: text };
}

/** The dynamic graphs of an fBKImg text: item 13 (`svg`) and item 14 (`3d`). */
export function linkedDiagrams(background: unknown): Readonly<Record<DiagramKind, LinkedDiagram | null>> {
  const parsed = parseBackground(background);
  return { svg: linkedDiagramOf(parsed.svgUrl), '3d': linkedDiagramOf(parsed.scene3dSource) };
}

/** `PUT /equipment/:id/diagram`: link a project of the caller's space as the dynamic graph. */
export const EquipmentDiagramLink = z.strictObject({ projectId: DiagramId });
/** `DELETE /equipment/:id/diagram?kind=svg`: unlink the SVG (item 13) or 3D (item 14) graph. */
export const EquipmentDiagramUnlink = z.strictObject({ kind: DiagramKind });
