/** Menu nodes as antd menu items; a horizontal menu's long lists scroll (§2: over 18). */
import type { MenuProps } from 'antd';
import { horizontalMenuScrolls } from '../../routes/navigation';
import type { MenuNode } from '../../routes/navigation';
import RouteIcon from '../RouteIcon';

type Item = NonNullable<MenuProps['items']>[number];

export function menuItems(nodes: readonly MenuNode[], t: (key: string) => string): Item[] {
  return nodes.map((node): Item => {
    const label = t(node.titleKey);
    const icon = <RouteIcon name={node.icon} />;
    if (node.children.length === 0) return { key: node.path, icon, label };
    const scrolls = horizontalMenuScrolls(node.children.length);
    return {
      key: node.path,
      icon,
      label,
      children: menuItems(node.children, t),
      ...(scrolls ? { popupClassName: 'fl-menu-scroll' } : {}),
    };
  });
}
