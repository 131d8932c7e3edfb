/** Menu nodes as antd menu items; a horizontal menu's long lists scroll (§2: over 18). */
import type { MenuProps } from 'antd';
import { horizontalMenuScrolls, titleOf } from '../../routes/navigation';
import type { MenuNode } from '../../routes/navigation';
import RouteIcon from '../RouteIcon';
import DeviceMenuLabel from './DeviceMenuLabel';
import type { Translate } from '../../i18n';

type Item = NonNullable<MenuProps['items']>[number];

/**
 * `open` goes to a path: the submenu of a node that is a page itself (a host with its
 * sub-devices) opens that page from its title as well as showing its children.
 */
export function menuItems(nodes: readonly MenuNode[], t: Translate, open?: (path: string) => void): Item[] {
  return nodes.map((node): Item => {
    const title = titleOf(node, t);
    const label = node.deviceId === undefined ? title : <DeviceMenuLabel id={node.deviceId} title={title} />;
    const icon = <RouteIcon name={node.icon} />;
    if (node.children.length === 0) return { key: node.path, icon, label };
    const scrolls = horizontalMenuScrolls(node.children.length);
    return {
      key: node.path,
      icon,
      label,
      children: menuItems(node.children, t, open),
      ...(scrolls ? { popupClassName: 'fl-menu-scroll' } : {}),
      ...(node.opens && open ? { onTitleClick: () => open(node.path) } : {}),
    };
  });
}
