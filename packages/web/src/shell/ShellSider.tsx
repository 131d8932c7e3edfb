/**
 * The side of the frame for each layout: the column bar with the chosen item's children
 * (column), the whole menu (vertical, common), or the children of the first-level tab chosen
 * in the nav bar (comprehensive). The horizontal layout has none.
 */
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleOf, topLevelFor } from '../routes/navigation';
import type { MenuNode } from '../routes/navigation';
import type { Layout as LayoutName } from '../settings/settings';
import { useSettings } from '../settings/store';
import { THEMES } from '../settings/themes';
import Logo from './Logo';
import ColumnBar from './menus/ColumnBar';
import SideMenu from './menus/SideMenu';

interface Props {
  readonly layout: LayoutName;
  readonly menu: readonly MenuNode[];
  readonly activePath: string;
  readonly collapsed: boolean;
  readonly mobile: boolean;
}

export const SIDER_WIDTH = 220;
export const SIDER_FOLDED_WIDTH = 64;

export default function ShellSider({ layout, menu, activePath, collapsed, mobile }: Props) {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const spec = THEMES[settings.theme];
  const top = topLevelFor(activePath, menu);

  if (layout === 'horizontal') return null;

  if (layout === 'column') {
    const second = top && top.children.length > 0 && !collapsed ? top : undefined;
    return (
      <aside
        className={`fl-sider fl-sider-column fl-menu-${spec.menuTheme}`}
        style={{ background: spec.menuBg }}
        data-column-style={settings.columnStyle}
      >
        <div className="fl-column-main">
          <Logo collapsed />
          <ColumnBar nodes={menu} active={top} columnStyle={settings.columnStyle} />
        </div>
        {second && (
          <div className="fl-column-second">
            <div className="fl-column-second-title">{titleOf(second, t)}</div>
            <SideMenu nodes={second.children} activePath={activePath} collapsed={false} theme="light" />
          </div>
        )}
      </aside>
    );
  }

  const nodes = layout === 'comprehensive' && top ? (top.children.length > 0 ? top.children : [top]) : menu;
  return (
    <Layout.Sider
      className={`fl-sider fl-menu-${spec.menuTheme}`}
      theme={spec.menuTheme}
      width={SIDER_WIDTH}
      collapsible
      trigger={null}
      collapsed={collapsed}
      collapsedWidth={mobile ? 0 : SIDER_FOLDED_WIDTH}
    >
      {layout !== 'common' && <Logo collapsed={collapsed} />}
      <SideMenu nodes={nodes} activePath={activePath} collapsed={collapsed} theme={spec.menuTheme} />
    </Layout.Sider>
  );
}
