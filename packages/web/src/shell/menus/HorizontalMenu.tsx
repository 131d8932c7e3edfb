/** The header's menu in the horizontal layout. */
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../../routes/navigation';
import { menuItems } from './menuItems';

interface Props {
  readonly nodes: readonly MenuNode[];
  readonly activePath: string;
  readonly theme: 'dark' | 'light';
}

export default function HorizontalMenu({ nodes, activePath, theme }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      selectedKeys={[activePath]}
      items={menuItems(nodes, t, (path) => void navigate(path))}
      onClick={({ key }) => void navigate(key)}
      className="fl-horizontal-menu"
    />
  );
}
