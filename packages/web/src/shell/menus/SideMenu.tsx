/** The vertical (inline) menu of the side bar. */
import { Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openKeysFor } from '../../routes/navigation';
import type { MenuNode } from '../../routes/navigation';
import { menuItems } from './menuItems';
import { useMenuChoice } from './useMenuChoice';

interface Props {
  readonly nodes: readonly MenuNode[];
  readonly activePath: string;
  readonly collapsed: boolean;
  readonly theme: 'dark' | 'light';
}

export default function SideMenu({ nodes, activePath, collapsed, theme }: Props) {
  const { t } = useTranslation();
  const choose = useMenuChoice(nodes);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(activePath, nodes));

  // Going somewhere opens the groups on its way, leaving the others as the user left them.
  useEffect(() => {
    const needed = openKeysFor(activePath, nodes);
    setOpenKeys((keys) =>
      needed.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...needed])],
    );
  }, [activePath, nodes]);

  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      selectedKeys={[activePath]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      items={menuItems(nodes, t, choose)}
      onClick={({ key }) => choose(key)}
      className="fl-side-menu"
    />
  );
}
