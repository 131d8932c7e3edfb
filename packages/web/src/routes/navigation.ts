/**
 * What the shell shows of the route table: the menu tree, the breadcrumb, tab and page titles.
 * Pure functions of the (already level-assembled) entries, so every view agrees with the guard.
 */
import { routeChain } from './access';
import type { RouteEntry } from './table';
import type { MessageKey, Translate } from '../i18n';

export interface MenuNode {
  readonly path: string;
  readonly titleKey: MessageKey;
  readonly icon?: string;
  /** Where a click on a group goes: its redirect, else its first child. */
  readonly target: string;
  readonly children: readonly MenuNode[];
  /** A title shown as it is (a route made from data); wins over titleKey. */
  readonly title?: string;
  /** The device a generated route stands for, by id (the menu shows its state). */
  readonly deviceId?: number;
  /** A page that also has children (a host with sub-devices): its submenu's title opens it. */
  readonly opens?: boolean;
}

/** What a menu entry, crumb or tab shows: its literal title, else its translated title key. */
export function titleOf(
  item: { readonly titleKey: MessageKey; readonly title?: string | undefined },
  translate: Translate,
): string {
  return item.title ?? translate(item.titleKey);
}

/** First path segments hidden from menus when a tenant's branding is in force (§2). */
export const BRANDED_HIDDEN = ['jujuda', 'appaudit', 'D2D', 'increment'] as const;

/** Over this many children a horizontal menu's list scrolls (§2). */
export const HORIZONTAL_SCROLL_AFTER = 18;

export interface MenuOptions {
  /** Custom-branded tenant: hide the platform's own entries. */
  readonly branded?: boolean;
}

function brandedHidden(path: string): boolean {
  const first = path.split('/').filter(Boolean)[0]?.toLowerCase();
  return BRANDED_HIDDEN.some((name) => name.toLowerCase() === first);
}

/** The menu: entries neither hidden nor untitled (nor, when branded, the platform's own). */
export function menuTree(entries: readonly RouteEntry[], options: MenuOptions = {}): MenuNode[] {
  return entries
    .filter((e) => !e.hidden && !e.bare && e.titleKey && !(options.branded && brandedHidden(e.path)))
    .map((e) => {
      const children = menuTree(e.children ?? [], options);
      // A page with children of its own (a host and its sub-devices) opens itself.
      const opens = e.page !== undefined && children.length > 0;
      const node: MenuNode = {
        path: e.path,
        titleKey: e.titleKey,
        target: e.redirect ?? (opens ? e.path : children[0]?.target) ?? e.path,
        children,
        ...(e.title !== undefined ? { title: e.title } : {}),
        ...(e.device ? { deviceId: e.device.id } : {}),
        ...(opens ? { opens } : {}),
      };
      return e.icon ? { ...node, icon: e.icon } : node;
    });
}

/** Whether a horizontal menu list of this many items scrolls instead of growing. */
export function horizontalMenuScrolls(count: number): boolean {
  return count > HORIZONTAL_SCROLL_AFTER;
}

/** The first-level node whose subtree holds the path (for the column and comprehensive layouts). */
export function topLevelFor(path: string, tree: readonly MenuNode[]): MenuNode | undefined {
  const contains = (node: MenuNode): boolean =>
    node.path.toLowerCase() === path.toLowerCase() || node.children.some(contains);
  return tree.find(contains);
}

/** The open submenu keys for a path: the paths of its menu ancestors. */
export function openKeysFor(path: string, tree: readonly MenuNode[]): string[] {
  for (const node of tree) {
    if (node.path.toLowerCase() === path.toLowerCase()) return [];
    const below = openKeysFor(path, node.children);
    const found = below.length > 0 || node.children.some((c) => c.path.toLowerCase() === path.toLowerCase());
    if (found) return [node.path, ...below];
  }
  return [];
}

export interface Crumb {
  readonly path: string;
  readonly titleKey: MessageKey;
  readonly icon?: string;
  readonly title?: string;
}

/** The breadcrumb: the matched entries from the top down, those having titles. */
export function breadcrumb(path: string, entries: readonly RouteEntry[]): Crumb[] {
  return routeChain(path, entries)
    .filter((e) => e.titleKey && e.path !== '/')
    .map((e) => ({
      path: e.path,
      titleKey: e.titleKey,
      ...(e.icon ? { icon: e.icon } : {}),
      ...(e.title !== undefined ? { title: e.title } : {}),
    }));
}

/** The title key of the tab for a path, or undefined when no route matches. */
export function tabTitleKey(path: string, entries: readonly RouteEntry[]): string | undefined {
  return routeChain(path, entries).at(-1)?.titleKey;
}

/**
 * The document title: the translated route title and the app title (the tenant's, when its
 * branding gave one, else the default brand title).
 */
export function pageTitle(
  path: string,
  entries: readonly RouteEntry[],
  translate: Translate,
  appTitle?: string | null,
): string {
  const app = appTitle?.trim() || translate('common.appTitle');
  const entry = routeChain(path, entries).at(-1);
  return entry && (entry.title ?? entry.titleKey) ? `${titleOf(entry, translate)} - ${app}` : app;
}
