/**
 * Equipment types operators add as data (docs/api.md § Equipment types): a board of another maker
 * described by its channel counts, the first register of each block, clock and rules, with no code
 * change. Kept in `equipment_types`, loaded into the protocol's catalogue at start, after every
 * change here, and every 30 s (a change made on another node). Administrators create, replace and
 * delete them; a type in use keeps its channel counts and cannot be deleted.
 */
import {
  catalogueProblems,
  customType,
  CustomTypeInput,
  EquipmentTypeReply,
  isBuiltInType,
  setCustomEquipmentTypes,
} from '@fieldlink/protocol';
import type { EquipmentType } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { administratorsOnly, requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { typeReply } from './type-reply.js';

/** How often each node reads the operators' types again. */
export const CUSTOM_TYPES_REFRESH_MS = 30_000;

/** What is logged of a stored type that can no longer be used. */
type Warn = (details: object, message: string) => void;

/**
 * Reads the operators' types from the store into the catalogue. A stored definition that no longer
 * parses, or clashes with a built-in type added since, is left out and logged.
 */
export async function loadCustomTypes(db: Kysely<Database>, warn: Warn = () => {}): Promise<void> {
  const rows = await db.selectFrom('equipment_types').select(['type', 'definition']).execute();
  const types: EquipmentType[] = [];
  for (const row of rows) {
    const type = typeOfRow(row.definition);
    if (type === null || isBuiltInType(type.type) || type.type !== row.type) {
      warn({ type: row.type }, 'stored equipment type left out: not a valid definition, or a built-in name');
      continue;
    }
    types.push(type);
  }
  setCustomEquipmentTypes(types);
}

function typeOfRow(text: string): EquipmentType | null {
  try {
    const parsed = CustomTypeInput.safeParse(JSON.parse(text));
    return parsed.success ? customType(parsed.data) : null;
  } catch {
    return null;
  }
}

export interface CustomTypeRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** How often to read the types again; default CUSTOM_TYPES_REFRESH_MS, 0 for never. */
  readonly refreshMs?: number;
}

const TypeParam = z.strictObject({ type: z.string().min(1).max(64) });

export const customTypeRoutes: FastifyPluginAsyncZod<CustomTypeRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const warn: Warn = (details, message) => app.log.warn(details, message);
  await loadCustomTypes(db, warn);
  const refreshMs = options.refreshMs ?? CUSTOM_TYPES_REFRESH_MS;
  if (refreshMs > 0) {
    const timer = setInterval(() => {
      loadCustomTypes(db, warn).catch((err: unknown) => app.log.warn({ err }, 'equipment types not read'));
    }, refreshMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const security = [{ bearer: [] }];
  const adminOnly = administratorsOnly(app, 'manage equipment types');
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

  /** The type of a definition, checked as the catalogue checks its own; a 400 naming the problem. */
  function checked(input: z.output<typeof CustomTypeInput>): EquipmentType {
    const type = customType(input);
    const problems = catalogueProblems([type]);
    if (problems.length > 0) throw new ApiError('bad_request', problems.join('; '));
    return type;
  }

  /** The stored type of that name, or null. */
  async function stored(name: string): Promise<EquipmentType | null> {
    const row = await db
      .selectFrom('equipment_types')
      .select('definition')
      .where('type', '=', name)
      .executeTakeFirst();
    return row ? typeOfRow(row.definition) : null;
  }

  async function devicesOfType(type: string): Promise<number> {
    const row = await db
      .selectFrom('equipment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function builtIn(type: string): never {
    throw new ApiError('bad_request', `${type} is a built-in type: it cannot be changed or deleted`);
  }

  app.post(
    '/equipment-types',
    {
      ...adminOnly,
      schema: {
        tags: ['equipment'],
        summary: 'Add an equipment type as data: a board of another maker (administrators)',
        security,
        body: CustomTypeInput,
        response: { 201: EquipmentTypeReply, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (isBuiltInType(input.type)) throw new ApiError('conflict', `${input.type} is a built-in type`);
      const type = checked(input);
      if (await stored(input.type)) throw new ApiError('conflict', `there is already a type ${input.type}`);
      await db
        .insertInto('equipment_types')
        .values({
          type: input.type,
          definition: JSON.stringify(input),
          created_by: requireUser(request).id,
          updated_at: now(),
        })
        .execute();
      await loadCustomTypes(db, warn);
      return reply.code(201).send(typeReply(type));
    },
  );

  app.put(
    '/equipment-types/:type',
    {
      ...adminOnly,
      schema: {
        tags: ['equipment'],
        summary:
          "Replace an operator's equipment type; a type in use keeps its channel counts (administrators)",
        security,
        params: TypeParam,
        body: CustomTypeInput,
        response: { 200: EquipmentTypeReply, ...errors },
      },
    },
    async (request) => {
      const name = request.params.type;
      const input = request.body;
      if (isBuiltInType(name)) builtIn(name);
      if (input.type !== name) throw new ApiError('bad_request', 'type: a type cannot be renamed');
      const before = await stored(name);
      if (!before) throw new ApiError('not_found', 'no such equipment type');
      const type = checked(input);
      const counts = (t: EquipmentType) => `${t.counts.do}/${t.counts.di}/${t.counts.ai}/${t.counts.ao}`;
      if (counts(before) !== counts(type)) {
        const used = await devicesOfType(name);
        if (used > 0) {
          throw new ApiError(
            'conflict',
            `${used} devices are of this type: its channel counts cannot change (add a new type instead)`,
          );
        }
      }
      await db
        .updateTable('equipment_types')
        .set({ definition: JSON.stringify(input), updated_at: now() })
        .where('type', '=', name)
        .execute();
      await loadCustomTypes(db, warn);
      return typeReply(type);
    },
  );

  app.delete(
    '/equipment-types/:type',
    {
      ...adminOnly,
      schema: {
        tags: ['equipment'],
        summary: "Delete an operator's equipment type that no device uses (administrators)",
        security,
        params: TypeParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const name = request.params.type;
      if (isBuiltInType(name)) builtIn(name);
      if (!(await stored(name))) throw new ApiError('not_found', 'no such equipment type');
      const used = await devicesOfType(name);
      if (used > 0) throw new ApiError('conflict', `${used} devices are of this type: delete them first`);
      await db.deleteFrom('equipment_types').where('type', '=', name).execute();
      await loadCustomTypes(db, warn);
      return reply.code(204).send(null);
    },
  );
};
