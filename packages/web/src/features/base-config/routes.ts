/**
 * The /baseConfig group's children (spec §2): one route per base device, its path the device id,
 * with a nested child per sub-device; each carries its title (the device's name), an icon for its
 * kind and its unid, and the group redirects to its first child. Made from the equipment store by
 * the shell (useShellRoutes), so menus, breadcrumb, tabs and page titles name the device.
 *
 * The side menu lists only the first BASE_CONFIG_MENU_LIMIT base devices (and the one open): a
 * menu of thousands of entries can be neither drawn quickly nor read, while the page's own list
 * holds every device, windowed, with search and status filters.
 */
import type { EquipmentType } from '../../api/equipment';
import type { LoadStatus } from '../../equipment/directory';
import type { DeviceEntry, DeviceNode, TreeNode } from '../../equipment/tree';
import type { RouteEntry } from '../../routes/table';

export const BASE_CONFIG_PATH = '/baseConfig';
/** Base devices (and sub-devices under each) the side menu lists. */
export const BASE_CONFIG_MENU_LIMIT = 20;
/** The title key of a device's route; the route's literal title (the device's name) wins. */
export const DEVICE_TITLE_KEY = 'shell.routes.baseConfigDevice';

export const baseConfigPath = (id: number): string => `${BASE_CONFIG_PATH}/${id}`;

/** The device id a path opens (12 for /baseConfig/12), else null. */
export function baseConfigId(pathname: string): number | null {
  const found = /^\/baseconfig\/(\d{1,15})\/?$/i.exec(pathname);
  if (!found) return null;
  const id = Number(found[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The base devices in the tree's order (those at the top of the tree or of a group: devices with
 * a link of their own, and sub-devices whose host the user cannot see), at most `limit`.
 */
export function baseDevices(tree: readonly TreeNode[], limit = Number.POSITIVE_INFINITY): DeviceNode[] {
  const out: DeviceNode[] = [];
  for (const node of tree) {
    for (const device of node.kind === 'group' ? node.children : [node]) {
      if (out.length >= limit) return out;
      out.push(device);
    }
  }
  return out;
}

/** The group's first child: the first base device, or null when there is none. */
export const firstBaseDevice = (tree: readonly TreeNode[]): number | null =>
  baseDevices(tree, 1)[0]?.id ?? null;

/** The route icon (RouteIcon's names) of a kind of device, as the tree draws it. */
export function routeIconFor(type: EquipmentType | undefined): string {
  if (type?.hostRole === 'team') return 'ApartmentOutlined';
  if (type?.hostRole) return 'ClusterOutlined';
  if (type && type.counts.do === 0 && type.counts.ai > 0) return 'DashboardOutlined';
  return 'ControlOutlined';
}

/** What the children are made from: the equipment store's tree and catalogue. */
export interface BaseConfigSource {
  readonly status: LoadStatus;
  readonly tree: readonly TreeNode[];
  readonly entries: Readonly<Record<number, DeviceEntry>>;
  readonly types: Readonly<Record<string, EquipmentType>>;
}

type Page = RouteEntry['page'];

function deviceRoute(
  id: number,
  name: string,
  source: BaseConfigSource,
  page: Page,
  children: readonly RouteEntry[] = [],
): RouteEntry {
  const entry = source.entries[id];
  return {
    path: baseConfigPath(id),
    titleKey: DEVICE_TITLE_KEY,
    title: name,
    icon: routeIconFor(entry ? source.types[entry.type] : undefined),
    device: { id, unid: entry?.unid ?? '' },
    ...(page ? { page } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

function nodeRoute(node: DeviceNode, source: BaseConfigSource, page: Page, limit: number): RouteEntry {
  const children = node.children.slice(0, limit).map((child) => nodeRoute(child, source, page, limit));
  return deviceRoute(node.id, node.name, source, page, children);
}

const holds = (routes: readonly RouteEntry[], id: number): boolean =>
  routes.some((r) => r.device?.id === id || holds(r.children ?? [], id));

/**
 * The level-assembled entries with the /baseConfig group filled in from the store. While the
 * equipment loads the group is no page of its own (it redirects once the devices are in, so it
 * makes no tab); with devices it redirects to the first; with none it is the (empty) list.
 * `activeId` is the device open now: listed too when it is past the menu's limit.
 */
export function withBaseConfig(
  entries: readonly RouteEntry[],
  source: BaseConfigSource,
  activeId: number | null,
  limit = BASE_CONFIG_MENU_LIMIT,
): RouteEntry[] {
  return entries.map((group) => {
    if (group.path !== BASE_CONFIG_PATH) return group;
    const fixed = group.children ?? [];
    const page = fixed.find((c) => c.path.includes(':'))?.page;
    const { page: _own, ...redirecting } = group;
    if (source.status !== 'ready') return redirecting;
    const generated = baseDevices(source.tree, limit).map((node) => nodeRoute(node, source, page, limit));
    const first = generated[0];
    if (!first) return group;
    const active = activeId === null ? undefined : source.entries[activeId];
    if (active && !holds(generated, active.id))
      generated.push(deviceRoute(active.id, active.name, source, page));
    return { ...redirecting, redirect: first.path, children: [...generated, ...fixed] };
  });
}
