/**
 * The value-added entries' targets and §2's reload rule: choosing a route that leads to
 * `/increment/serviceManager` (the page itself, or a group or entry redirecting there) reads the
 * user's record and the custom routes again.
 */
import { isAppAddress, SERVICE_MANAGER_PATH } from '@fieldlink/protocol';
import { normalizePath } from '../../routes/access';
import type { MenuNode } from '../../routes/navigation';

export type EntryTarget =
  { readonly kind: 'external'; readonly href: string } | { readonly kind: 'console'; readonly path: string };

/** A path of the console, as the contract's ValueAddedTarget takes it. */
const CONSOLE_PATH = /^\/(?![/\\])[A-Za-z0-9_\-/]*$/;

/**
 * Where an entry leads: an http(s) address opens in a new tab, a console path in the console;
 * anything else (which the server would not have stored) leads nowhere.
 */
export function entryTarget(url: string): EntryTarget | null {
  if (isAppAddress(url)) return { kind: 'external', href: url };
  if (CONSOLE_PATH.test(url)) return { kind: 'console', path: url };
  return null;
}

const same = (a: string, b: string): boolean => normalizePath(a).toLowerCase() === b.toLowerCase();

function findNode(path: string, tree: readonly MenuNode[]): MenuNode | undefined {
  for (const node of tree) {
    if (same(node.path, normalizePath(path))) return node;
    const below = findNode(path, node.children);
    if (below) return below;
  }
  return undefined;
}

/** Whether choosing `path` (a menu key or a group's target) leads to /increment/serviceManager. */
export function leadsToServiceManager(path: string, tree: readonly MenuNode[] = []): boolean {
  if (same(path, SERVICE_MANAGER_PATH)) return true;
  const node = findNode(path, tree);
  return node !== undefined && same(node.target, SERVICE_MANAGER_PATH);
}
