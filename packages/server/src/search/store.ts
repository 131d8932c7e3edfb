/**
 * The queries behind GET /search: each source finds at most `limit` of what the user may see
 * whose text holds every word of the query, those starting with the whole query first. Who may
 * see what is decided where it always is: readableBy (equipment), resolveSpace (diagram
 * projects), customRoutesFor, appsFor and valueAddedFor (apps/). Devices and diagrams are searched
 * in SQL with escaped LIKE patterns, so user text is never a pattern and 10,000 devices cost one
 * bounded query; the apps' lists are short and filtered here.
 */
import { searchTargets } from '@fieldlink/protocol';
import type { SearchKind, SearchSuggestion } from '@fieldlink/protocol';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SignedInUser } from '../accounts/authenticate.js';
import { customRoutesFor } from '../apps/custom-routes-store.js';
import { callerOf } from '../apps/policy.js';
import type { Caller } from '../apps/policy.js';
import { appsFor } from '../apps/user-apps-store.js';
import { valueAddedFor } from '../apps/value-added-store.js';
import { readableBy } from '../equipment/access.js';
import { resolveSpace } from '../files/spaces.js';
import { containsPattern, lowerLike } from '../storage/like.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

/** A query split into its words (lower case) and the whole of it (words joined by one space). */
export interface Terms {
  readonly words: readonly string[];
  readonly phrase: string;
}

export function termsOf(q: string): Terms {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return { words, phrase: words.join(' ') };
}

/** A suggestion and whether its text starts with the whole query. */
interface Hit extends SearchSuggestion {
  readonly starts: boolean;
}

/** The LIKE pattern of text starting with `phrase` (wildcards escaped, as containsPattern's). */
const startsPattern = (phrase: string): string => containsPattern(phrase).slice(1);

/** Where a device's words are looked for: its name, serial, unit id, remark and address. */
const EQUIPMENT_COLUMNS = ['name', 'sn', 'unid', 'description', 'address'] as const;

async function equipmentHits(db: Db, user: SignedInUser, terms: Terms, limit: number, now: number) {
  let query = readableBy(db, user, now);
  for (const word of terms.words) {
    const pattern = containsPattern(word);
    query = query.where((eb) => eb.or(EQUIPMENT_COLUMNS.map((c) => lowerLike(eb.ref(c), pattern))));
  }
  const starts = startsPattern(terms.phrase);
  const rows = await query
    .select(['id', 'name'])
    .select((eb) =>
      sql<number>`case when ${lowerLike(eb.ref('name'), starts)} or ${lowerLike(eb.ref('unid'), starts)} then 0 else 1 end`.as(
        'rank',
      ),
    )
    .orderBy('rank')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row): Hit => ({
    value: row.name,
    url: searchTargets.equipment(row.id),
    kind: 'equipment',
    starts: Number(row.rank) === 0,
  }));
}

async function diagramHits(db: Db, user: SignedInUser, terms: Terms, limit: number, now: number) {
  const { key } = await resolveSpace(db, user, 'project', now);
  let query = db.selectFrom('diagram_projects').where('space', '=', key);
  for (const word of terms.words) {
    const pattern = containsPattern(word);
    query = query.where((eb) => lowerLike(eb.ref('name'), pattern));
  }
  const starts = startsPattern(terms.phrase);
  const rows = await query
    .select(['id', 'name'])
    .select((eb) => sql<number>`case when ${lowerLike(eb.ref('name'), starts)} then 0 else 1 end`.as('rank'))
    .orderBy('rank')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row): Hit => ({
    value: row.name,
    url: searchTargets.diagram(row.id),
    kind: 'diagram',
    starts: Number(row.rank) === 0,
  }));
}

/** An entry of a short list whose `text` holds every word; null otherwise. */
function hitOf(terms: Terms, value: string, text: string, url: string, kind: SearchKind): Hit | null {
  const lower = `${value}\n${text}`.toLowerCase();
  if (!terms.words.every((word) => lower.includes(word))) return null;
  return { value, url, kind, starts: value.toLowerCase().startsWith(terms.phrase) };
}

const present = (hit: Hit | null): hit is Hit => hit !== null;

async function customRouteHits(db: Db, caller: Caller, terms: Terms): Promise<Hit[]> {
  const routes = await customRoutesFor(db, caller);
  return routes
    .flatMap((route) =>
      route.children.map((child) =>
        hitOf(
          terms,
          child.title,
          route.title,
          searchTargets.customRoute(route.name, child.name),
          'customRoute',
        ),
      ),
    )
    .filter(present);
}

/** The apps the console's `/appaudit` group lists: the user's own and approved ones, not rejected. */
async function appHits(db: Db, caller: Caller, terms: Terms): Promise<Hit[]> {
  const apps = await appsFor(db, caller);
  return apps
    .filter((app) => app.status !== 'rejected')
    .map((app) => hitOf(terms, app.title, app.name, searchTargets.app(app.id), 'app'))
    .filter(present);
}

async function valueAddedHits(db: Db, caller: Caller, terms: Terms): Promise<Hit[]> {
  const entries = await valueAddedFor(db, caller);
  return entries.map((entry) => hitOf(terms, entry.title, '', entry.url, 'valueAdded')).filter(present);
}

/**
 * At most `limit` suggestions for `q`: those starting with the query first, each part in the
 * order equipment, diagrams, custom routes, apps, value-added entries.
 */
export async function searchFor(
  db: Db,
  user: SignedInUser,
  q: string,
  limit: number,
  now: number,
): Promise<SearchSuggestion[]> {
  const terms = termsOf(q);
  if (terms.words.length === 0) return [];
  const caller = await callerOf(db, user);
  const parts = await Promise.all([
    equipmentHits(db, user, terms, limit, now),
    diagramHits(db, user, terms, limit, now),
    customRouteHits(db, caller, terms),
    appHits(db, caller, terms),
    valueAddedHits(db, caller, terms),
  ]);
  const hits = parts.flat();
  return [...hits.filter((h) => h.starts), ...hits.filter((h) => !h.starts)]
    .slice(0, limit)
    .map(({ value, url, kind }) => ({ value, url, kind }));
}
