/**
 * The signed-in frame (§2): side menus per layout, header with its icons, nav bar, visited tabs,
 * the cached views and the footer; the settings drawer; below 992 px the vertical layout with
 * the menu folded away.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBranding } from '../branding/store';
import { useLeaveGuard } from '../features/configure/unsaved';
import { pageTitle } from '../routes/navigation';
import SettingsDrawer from '../settings/SettingsDrawer';
import { effectiveLayout, isMobileWidth } from '../settings/settings';
import { useSettings } from '../settings/store';
import { installErrorCapture } from './errorLog';
import Footer from './Footer';
import HeaderActions from './header/HeaderActions';
import Logo from './Logo';
import HorizontalMenu from './menus/HorizontalMenu';
import NavBar, { Crumbs } from './nav/NavBar';
import { useRouteProgress } from './progress';
import ShellSider from './ShellSider';
import TabsBar from './TabsBar';
import { useShellRoutes } from './useShellRoutes';
import { useViewportWidth } from './useViewport';
import { useVisitTabs } from './useVisitTabs';
import CachedViews from './views/CachedViews';
import WelcomeDialog from './welcome/WelcomeDialog';
import { THEMES } from '../settings/themes';
import './shell.css';

export default function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { entries, menu, activePath } = useShellRoutes();
  const settings = useSettings((s) => s.settings);
  const folded = useSettings((s) => s.collapsed);
  const appTitle = useBranding((b) => b.appTitle);
  const width = useViewportWidth();
  const mobile = isMobileWidth(width);
  // On a phone the menu starts folded each time and folds again after choosing a page.
  const [mobileOpen, setMobileOpen] = useState(false);
  const layout = effectiveLayout(settings.layout, width);
  const collapsed = mobile ? !mobileOpen : folded;
  const fold = {
    collapsed,
    toggle: () => (mobile ? setMobileOpen((o) => !o) : useSettings.getState().setCollapsed(!folded)),
  };

  useVisitTabs(entries);
  // Leaving a page with unsaved changes (a device's forms) asks first.
  useLeaveGuard();
  useRouteProgress(settings.showProgress);
  useEffect(() => installErrorCapture(), []);
  useEffect(() => setMobileOpen(false), [pathname, mobile]);
  useEffect(() => {
    document.title = pageTitle(pathname, entries, (key) => t(key), appTitle);
  }, [pathname, entries, t, appTitle]);

  const header =
    layout === 'horizontal' ? (
      <header className="fl-header">
        <Logo />
        <HorizontalMenu nodes={menu} activePath={activePath} theme="light" />
        <HeaderActions />
      </header>
    ) : layout === 'common' ? (
      <div className="fl-header">
        <NavBar fold={fold} firstLevelTabs={false} />
      </div>
    ) : (
      <header className="fl-header">
        <NavBar fold={fold} firstLevelTabs={layout === 'comprehensive'} crumbs={!mobile} />
        <HeaderActions />
      </header>
    );

  const top = (
    <div className={`fl-top${settings.fixedHeader ? ' fl-top-fixed' : ''}`}>
      {header}
      {mobile && (
        // A phone's header is full of icons: the breadcrumb gets a row of its own, whole.
        <div className="fl-crumbs-row">
          <Crumbs />
        </div>
      )}
      {settings.showTabs && <TabsBar tabStyle={settings.tabStyle} showIcon={settings.showTabIcon} />}
    </div>
  );

  const sider = (
    <ShellSider layout={layout} menu={menu} activePath={activePath} collapsed={collapsed} mobile={mobile} />
  );

  return (
    <div
      className={`fl-shell fl-layout-${layout} fl-theme-${settings.theme}${mobile ? ' fl-mobile' : ''}`}
      data-layout={layout}
      data-theme={settings.theme}
    >
      {layout === 'common' && (
        // The common layout's brand bar spans the page above the side menu.
        <header
          className={`fl-header fl-header-common fl-menu-${THEMES[settings.theme].menuTheme}`}
          style={{ background: THEMES[settings.theme].menuBg }}
        >
          <Logo />
          <HeaderActions />
        </header>
      )}
      <div className="fl-body">
        {sider}
        {mobile && mobileOpen && <div className="fl-mask" onClick={() => setMobileOpen(false)} aria-hidden />}
        <div className="fl-main">
          {top}
          <main className="fl-content">
            <CachedViews />
          </main>
          <Footer />
        </div>
      </div>
      <SettingsDrawer />
      <WelcomeDialog />
    </div>
  );
}
