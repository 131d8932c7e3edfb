/**
 * The nav bar (§2): fold control, the breadcrumb over the matched routes (or the first-level
 * tabs in the comprehensive layout) and a shortcut to the equipment page. On a phone the
 * breadcrumb has a row of its own under the header (Shell), where it is not cut short.
 */
import { DashboardOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { breadcrumb, titleOf, topLevelFor } from '../../routes/navigation';
import { HOME_PATH } from '../../routes/table';
import HeaderButton from '../header/HeaderButton';
import { useMenuChoice } from '../menus/useMenuChoice';
import RouteIcon from '../RouteIcon';
import { useShellRoutes } from '../useShellRoutes';

interface Props {
  /** Absent when there is no side bar to fold. */
  readonly fold?: { readonly collapsed: boolean; readonly toggle: () => void };
  readonly firstLevelTabs: boolean;
  /** The breadcrumb in the bar (false: the shell draws it elsewhere). */
  readonly crumbs?: boolean;
}

/** The breadcrumb of the page shown: all but the last entry link to their page. */
export function Crumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { entries } = useShellRoutes();
  return (
    <Breadcrumb
      className="fl-breadcrumb"
      items={breadcrumb(pathname, entries).map((c, i, all) => ({
        key: c.path,
        title:
          i < all.length - 1 && !c.path.includes(':') ? (
            <Link to={c.path}>{titleOf(c, t)}</Link>
          ) : (
            <span>
              <RouteIcon name={c.icon} /> {titleOf(c, t)}
            </span>
          ),
      }))}
    />
  );
}

export default function NavBar({ fold, firstLevelTabs, crumbs = true }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { menu, activePath } = useShellRoutes();
  const choose = useMenuChoice(menu);

  return (
    <div className="fl-nav">
      {fold && (
        <HeaderButton
          label={t(fold.collapsed ? 'shell.header.unfold' : 'shell.header.fold')}
          icon={fold.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={fold.toggle}
        />
      )}
      {firstLevelTabs ? (
        <Tabs
          className="fl-nav-tabs"
          size="small"
          activeKey={topLevelFor(activePath, menu)?.path ?? ''}
          onChange={(key) => {
            const node = menu.find((n) => n.path === key);
            if (node) choose(node.target);
          }}
          items={menu.map((n) => ({
            key: n.path,
            label: (
              <span>
                <RouteIcon name={n.icon} /> {titleOf(n, t)}
              </span>
            ),
          }))}
        />
      ) : crumbs ? (
        <Crumbs />
      ) : null}
      <HeaderButton
        label={t('shell.header.equipment')}
        icon={<DashboardOutlined />}
        onClick={() => void navigate(HOME_PATH)}
      />
    </div>
  );
}
