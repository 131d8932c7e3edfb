/**
 * The dynamic graph of an equipment (spec §2 equipment detail areas, §3 fBKImg items 13 and 14,
 * fDODIMode svgEquipsDate; docs/protocol.md § fBKImg): a diagram project linked to it. Item 13 of
 * fBKImg holds an SVG project's id, item 14 a 3D project's; svgEquipsDate lists the devices the
 * linked projects draw, the list the older console built on selection. Linking and unlinking need
 * the edit right on the equipment (who may edit its display); the project linked must be in the
 * caller's project space. Every other fBKImg item and fDODIMode key is kept.
 */
import {
  EquipmentDiagramLink,
  EquipmentDiagramUnlink,
  EquipmentReply,
  formatBackground,
  formatDoDiMode,
  linkedDiagramOf,
  parseBackground,
  parseDoDiMode,
} from '@fieldlink/protocol';
import type { DiagramKind, SvgDeviceLink } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { requireAccess } from '../equipment/access.js';
import { EquipmentId, equipmentReply } from '../equipment/fields.js';
import { typeOfRecord } from '../equipment/plugin.js';
import { normaliseSettings, readSettings } from '../equipment/settings.js';
import { resolveSpace } from '../files/spaces.js';
import type { Database, Equipment } from '../storage/schema.js';
import { requireOwnProject } from './links-routes.js';

export interface LinkEquipmentOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
}

/**
 * svgEquipsDate for the devices the linked projects draw (`drawn`, one list per linked item; null
 * for an item this console cannot read: an older console's address or another space's project).
 * Known lists give exactly their union, in id order; with an unreadable item the existing entries
 * stay too, since some of them may be its devices. An entry kept keeps its other keys.
 */
export function svgDevicesFor(
  existing: readonly SvgDeviceLink[],
  drawn: readonly (readonly number[] | null)[],
): SvgDeviceLink[] {
  const ids = [...new Set(drawn.flatMap((list) => list ?? []))].sort((a, b) => a - b);
  const byId = new Map(existing.map((d) => [String(d.id), d]));
  const out: SvgDeviceLink[] = drawn.includes(null) ? [...existing] : [];
  const present = new Set(out.map((d) => String(d.id)));
  for (const id of ids) {
    if (present.has(String(id))) continue;
    present.add(String(id));
    out.push(byId.get(String(id)) ?? { id, extra: {} });
  }
  return out;
}

export const linkEquipmentRoutes: FastifyPluginAsyncZod<LinkEquipmentOptions> = async (app, options) => {
  const { db, now } = options;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** The devices a linked item's project draws; null when it is not a project of the caller's space. */
  async function drawnBy(user: AuthUser, item: string): Promise<number[] | null> {
    const linked = linkedDiagramOf(item);
    if (linked === null) return [];
    if (linked.kind === 'address') return null;
    const space = await resolveSpace(db, user, 'project', now());
    const row = await db
      .selectFrom('diagram_projects')
      .select('equipment')
      .where('id', '=', linked.projectId)
      .where('space', '=', space.key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.equipment) as number[]) : null;
  }

  /** Writes item 13 (svg) or 14 (3d) and the svgEquipsDate that follows; answers the record. */
  async function setGraph(user: AuthUser, id: number, kind: DiagramKind, projectId: string) {
    const { equipment, access } = await requireAccess(db, user, id, 'edit', now());
    const type = typeOfRecord(equipment);
    const stored = readSettings(type.counts, equipment.settings, type.image);
    const before = parseBackground(stored.background);
    const background =
      kind === 'svg' ? { ...before, svgUrl: projectId } : { ...before, scene3dSource: projectId };
    const mode = parseDoDiMode(stored.modes.doDi);
    const drawn = [await drawnBy(user, background.svgUrl), await drawnBy(user, background.scene3dSource)];
    const doDi = formatDoDiMode({ ...mode, svgDevices: svgDevicesFor(mode.svgDevices, drawn) });
    const settings = normaliseSettings(
      type.counts,
      { background: formatBackground(background), modes: { doDi } },
      stored,
      { image: type.image },
    );
    await db
      .updateTable('equipment')
      .set({ settings: JSON.stringify(settings), updated_at: now() })
      .where('id', '=', equipment.id)
      .execute();
    // Every console showing it reads the record again, as after any edit.
    app.live.publish(equipment.id, {
      infotype: 'EquipChanged',
      info: { reason: 'record', id: equipment.id },
    });
    const row = await db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', equipment.id)
      .executeTakeFirstOrThrow();
    let host: Pick<Equipment, 'online' | 'soc' | 'unanswered_address'> | undefined;
    if (row.parent_id !== null) {
      host = await db
        .selectFrom('equipment')
        .select(['online', 'soc', 'unanswered_address'])
        .where('id', '=', row.parent_id)
        .executeTakeFirst();
    }
    return equipmentReply(row, type, access, host);
  }

  app.put(
    '/equipment/:id/diagram',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary:
          'Link a diagram project of your space as the equipment’s dynamic graph (fBKImg item 13 or 14, svgEquipsDate); edit right',
        security,
        params: EquipmentId,
        body: EquipmentDiagramLink,
        response: { 200: EquipmentReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The equipment's rights first: who may not see it learns nothing of the project.
      await requireAccess(db, user, request.params.id, 'edit', now());
      const project = await requireOwnProject(db, user, request.body.projectId, now());
      return setGraph(user, request.params.id, project.kind, project.id);
    },
  );

  app.delete(
    '/equipment/:id/diagram',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Unlink the equipment’s SVG or 3D dynamic graph; edit right',
        security,
        params: EquipmentId,
        querystring: EquipmentDiagramUnlink,
        response: { 200: EquipmentReply, ...errors },
      },
    },
    async (request) => {
      return setGraph(requireUser(request), request.params.id, request.query.kind, '');
    },
  );
};
