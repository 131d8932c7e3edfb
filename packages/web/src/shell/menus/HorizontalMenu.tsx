/** The header's menu in the horizontal layout. */
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../routes/navigation';
import { menuItems } from './menuItems';
import { useMenuChoice } from './useMenuChoice';

interface Props {
  readonly nodes: readonly MenuNode[];
  readonly activePath: string;
  readonly theme: 'dark' | 'light';
}

export default function HorizontalMenu({ nodes, activePath, theme }: Props) {
  const { t } = useTranslation();
  const choose = useMenuChoice(nodes);
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      selectedKeys={[activePath]}
      items={menuItems(nodes, t, choose)}
      onClick={({ key }) => choose(key)}
      className="fl-horizontal-menu"
    />
  );
}
