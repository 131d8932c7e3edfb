/**
 * The console's routes as data (specification §2): path, title key, icon, the authority level
 * and role needed, the roles and abilities needed (§6), the button-level permission points (§3
 * menu node), hidden and public flags. The router, the menus, the breadcrumb, the tabs and the
 * guards are all derived from this one table.
 */
import {
  ADMIN_LEVEL,
  SERVICE_MANAGER_PATH,
  TENANT_ADMIN_LEVEL,
  TENANT_ADMIN_ROLE,
} from '@fieldlink/protocol';
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { allMessages } from '../i18n';
import type { MessageKey } from '../i18n';
import type { AccessNeed } from '../session/access';

type Page = LazyExoticComponent<ComponentType>;

export interface RouteEntry {
  /** Absolute path, as in the address after '#'. */
  readonly path: string;
  /** i18n key of the title (menu, tab, breadcrumb, page title). */
  readonly titleKey: MessageKey;
  /** Name of an @ant-design/icons icon. */
  readonly icon?: string;
  /** Lowest numeric authority level that sees the route (0 visitor … 1000 admin). */
  readonly level?: number;
  /** A role number; the route is kept only when it is at most the user's level. */
  readonly role?: number;
  /**
   * The roles or abilities the route needs (§6, session/access.ts), judged after the level: the
   * user's Authority list filtering the routes further (§2).
   */
  readonly access?: AccessNeed;
  /**
   * Button-level permission points (§3 menu node): a name the page's buttons ask for
   * (routes/points.ts `usePoint`) → what it needs. Children see their parents' points.
   */
  readonly points?: Readonly<Record<string, AccessNeed>>;
  /** Not in menus (still reachable). */
  readonly hidden?: boolean;
  /** Reachable signed out (the guard's whitelist). */
  readonly public?: boolean;
  /** Drawn without the shell (sign-in pages, error pages). */
  readonly bare?: boolean;
  /** A tab that cannot be closed. */
  readonly pinned?: boolean;
  readonly page?: Page;
  readonly redirect?: string;
  readonly children?: readonly RouteEntry[];
  /** A title shown as it is, for routes made from data (a device's name); wins over titleKey. */
  readonly title?: string;
  /** The device a route made for one device stands for (the /baseConfig children, §2). */
  readonly device?: RouteDevice;
  /**
   * The micro-app a route made from data embeds (§2: a custom route's children, a user's apps):
   * drawn by the micro-app host (features/apps/MicroAppHost.tsx).
   */
  readonly app?: RouteApp;
}

/**
 * What a route generated per device carries (§2's meta: title, icon, unid; type base). Its online,
 * alarm and battery flags are read from the equipment store by id where they are drawn, so a live
 * push does not rebuild the routes.
 */
export interface RouteDevice {
  readonly id: number;
  readonly unid: string;
}

/** What a route embedding a micro-app carries: its name, address and default page. */
export interface RouteApp {
  readonly name: string;
  readonly url: string;
  readonly defaultUrl: string | null;
}

type PageModule = Promise<{ default: ComponentType }>;

/** A page, drawn once its code and the whole of the language's messages are in (i18n/index.ts). */
const page = (load: () => PageModule): Page =>
  lazy(() => Promise.all([load(), allMessages()]).then(([module]) => module));

/** A sign-in page: its messages are among those loaded with the console (locales/<lang>/sign-in.ts). */
const signInPage = (load: () => PageModule): Page => lazy(load);

/**
 * The pages of the routes made from custom route data (§2; features/apps/custom-routes.ts): the
 * router reaches them by the patterns `/:app` and `/:app/:child` (app/App.tsx), which rank below
 * every path of this table, and the entries made for each custom route name the same pages.
 */
export const CUSTOM_ROUTE_PAGES = {
  /** `/{name}`: goes to the route's first child, or to /appaudit/CreatApp. */
  redirect: page(() => import('../features/apps/CustomRouteRedirect')),
  /** `/{name}/{child}`: the child's micro-app in the host. */
  app: page(() => import('../features/apps/CustomAppPage')),
};

/**
 * Administrators (the admin flag grants everything) and tenant administrators: GET /me gives
 * these the derived role TENANT_ADMIN_ROLE; an account of level 100 without a tenant has nothing
 * to manage there.
 */
const TENANT_MANAGERS: AccessNeed = [TENANT_ADMIN_ROLE];

/**
 * The points of the pages that change apps, custom routes and value-added entries: the server
 * asks WRITE for a change and DELETE for a removal.
 */
export const APP_POINTS = {
  write: { abilities: ['WRITE'] },
  delete: { abilities: ['DELETE'] },
} as const satisfies Record<string, AccessNeed>;

/**
 * The points of the pages that show one device (monitoring and its configuration): the server
 * checks the same abilities (deleting equipment needs DELETE, operating outputs OPR).
 */
export const DEVICE_POINTS = {
  deleteEquipment: { abilities: ['DELETE'] },
  operate: { abilities: ['OPR'] },
} as const satisfies Record<string, AccessNeed>;

export const HOME_PATH = '/Equips';

export const routes: readonly RouteEntry[] = [
  { path: '/', titleKey: 'shell.routes.home', redirect: HOME_PATH, hidden: true },
  {
    path: '/login',
    titleKey: 'shell.routes.login',
    public: true,
    bare: true,
    hidden: true,
    page: signInPage(() => import('../features/auth/LoginPage')),
  },
  {
    path: '/register',
    titleKey: 'shell.routes.register',
    public: true,
    bare: true,
    hidden: true,
    page: signInPage(() => import('../features/auth/RegisterPage')),
  },
  {
    path: '/ForgetPasswd',
    titleKey: 'shell.routes.forgetPassword',
    public: true,
    bare: true,
    hidden: true,
    page: signInPage(() => import('../features/auth/ForgetPasswordPage')),
  },
  {
    path: '/callback',
    titleKey: 'shell.routes.callback',
    public: true,
    bare: true,
    hidden: true,
    page: signInPage(() => import('../features/auth/CallbackPage')),
  },
  {
    // A diagram shared read-only by link for a wall display: signed out, full screen, no shell.
    path: '/wall',
    titleKey: 'diagramLinks.wall.title',
    public: true,
    bare: true,
    hidden: true,
    page: page(() => import('../features/diagrams/wall/WallPage')),
  },
  {
    path: '/Equips',
    titleKey: 'shell.routes.equips',
    icon: 'DashboardOutlined',
    level: 0,
    pinned: true,
    points: DEVICE_POINTS,
    page: page(() => import('../features/monitoring/MonitoringPage')),
  },
  {
    path: '/history',
    titleKey: 'shell.routes.history',
    icon: 'LineChartOutlined',
    level: 0,
    page: page(() => import('../features/history/HistoryPage')),
  },
  {
    path: '/system',
    titleKey: 'shell.routes.system',
    icon: 'PieChartOutlined',
    level: 0,
    page: page(() => import('../features/system/SystemPage')),
  },
  {
    path: '/map',
    titleKey: 'shell.routes.map',
    icon: 'EnvironmentOutlined',
    level: 0,
    page: page(() => import('../features/map/MapPage')),
  },
  {
    // §2 "big-screen display": a wall display drawn without the shell; the menu entry opens it.
    path: '/bigScreen',
    titleKey: 'bigScreen.title',
    icon: 'DesktopOutlined',
    level: 0,
    redirect: '/bigScreen/wall',
    children: [
      {
        path: '/bigScreen/wall',
        titleKey: 'bigScreen.title',
        hidden: true,
        bare: true,
        page: page(() => import('../features/big-screen/BigScreenPage')),
      },
    ],
  },
  {
    // §2: the device list; the shell adds one child per base device from the equipment store
    // (features/base-config/routes.ts) and the group then redirects to the first of them.
    path: '/baseConfig',
    titleKey: 'shell.routes.baseConfig',
    icon: 'ProfileOutlined',
    level: 0,
    points: DEVICE_POINTS,
    page: page(() => import('../features/base-config/BaseConfigIndexPage')),
    children: [
      {
        path: '/baseConfig/:id',
        titleKey: 'shell.routes.baseConfigDevice',
        hidden: true,
        page: page(() => import('../features/base-config/BaseConfigDevicePage')),
      },
    ],
  },
  {
    // §2 "configuration diagram management": the project space's diagrams; a user (level 4) and up.
    path: '/jujuda',
    titleKey: 'shell.routes.diagrams',
    icon: 'ApartmentOutlined',
    level: 4,
    page: page(() => import('../features/diagrams/ProjectsPage')),
    children: [
      {
        path: '/jujuda/jujudaHandle/:id',
        titleKey: 'shell.routes.diagramProject',
        hidden: true,
        page: page(() => import('../features/diagrams/ProjectPage')),
      },
    ],
  },
  {
    // §2 lists it as public, but adding needs an owner: any signed-in user (new accounts are level 4)
    // holding WRITE, which the server asks for creating equipment.
    path: '/addEquips',
    titleKey: 'equipment.add.title',
    icon: 'ControlOutlined',
    level: 4,
    access: { abilities: ['WRITE'] },
    hidden: true,
    page: page(() => import('../features/equipment/AddEquipmentPage')),
  },
  {
    // Administration (issue 25): the group from 100, so that a tenant administrator (an account of
    // a tenant with authority 100 and up) reaches the pages of their tenant's custom routes,
    // value-added entries and app reviews; the others stay at 1000. The server checks every call
    // again. A level-100 account without a tenant has nothing here and does not see the group.
    path: '/admin',
    titleKey: 'shell.routes.admin',
    icon: 'SafetyOutlined',
    level: TENANT_ADMIN_LEVEL,
    access: TENANT_MANAGERS,
    redirect: '/admin/users',
    points: APP_POINTS,
    children: [
      {
        path: '/admin/users',
        titleKey: 'shell.routes.adminUsers',
        icon: 'TeamOutlined',
        level: ADMIN_LEVEL,
        page: page(() => import('../features/admin/users/UsersPage')),
      },
      {
        path: '/admin/tenants',
        titleKey: 'shell.routes.adminTenants',
        icon: 'ShopOutlined',
        level: ADMIN_LEVEL,
        page: page(() => import('../features/admin/tenants/TenantsPage')),
      },
      {
        path: '/admin/notices',
        titleKey: 'shell.routes.adminNotices',
        icon: 'BellOutlined',
        level: ADMIN_LEVEL,
        page: page(() => import('../features/notices/AdminNoticesPage')),
      },
      {
        path: '/admin/customRoutes',
        titleKey: 'shell.routes.adminCustomRoutes',
        icon: 'ApiOutlined',
        level: TENANT_ADMIN_LEVEL,
        access: TENANT_MANAGERS,
        page: page(() => import('../features/admin/apps/CustomRoutesPage')),
      },
      {
        path: '/admin/valueAdded',
        titleKey: 'shell.routes.adminValueAdded',
        icon: 'GiftOutlined',
        level: TENANT_ADMIN_LEVEL,
        access: TENANT_MANAGERS,
        page: page(() => import('../features/admin/apps/ValueAddedPage')),
      },
      {
        path: '/admin/feedback',
        titleKey: 'support.routes.adminFeedback',
        icon: 'MessageOutlined',
        level: ADMIN_LEVEL,
        page: page(() => import('../features/support/AdminFeedbackPage')),
      },
      {
        path: '/admin/appReview',
        titleKey: 'shell.routes.adminAppReview',
        icon: 'AuditOutlined',
        level: TENANT_ADMIN_LEVEL,
        access: TENANT_MANAGERS,
        page: page(() => import('../features/admin/apps/AppReviewPage')),
      },
    ],
  },
  {
    // §2 'notification info' and 'alarm notifications': the user's notices (notices/); the
    // header's popover links here.
    path: '/notices',
    titleKey: 'shell.routes.notices',
    icon: 'BellOutlined',
    level: 0,
    redirect: '/notices/info',
    children: [
      {
        path: '/notices/info',
        titleKey: 'shell.routes.noticeInfo',
        icon: 'BellOutlined',
        page: page(() => import('../features/notices/NoticeInfoPage')),
      },
      {
        path: '/notices/alarms',
        titleKey: 'shell.routes.alarmNotices',
        icon: 'AlertOutlined',
        page: page(() => import('../features/notices/AlarmNoticesPage')),
      },
    ],
  },
  {
    // §1 user-created apps: a user (level 4) and up registers their own micro-apps; the shell adds
    // one child per app the user sees (features/apps/custom-routes.ts), opened in the host.
    path: '/appaudit',
    titleKey: 'shell.routes.apps',
    icon: 'AppstoreOutlined',
    level: 4,
    redirect: '/appaudit/CreatApp',
    points: APP_POINTS,
    children: [
      {
        path: '/appaudit/CreatApp',
        titleKey: 'shell.routes.createApp',
        icon: 'AppstoreAddOutlined',
        page: page(() => import('../features/apps/CreateAppPage')),
      },
      {
        path: '/appaudit/app/:id',
        titleKey: 'shell.routes.userApp',
        hidden: true,
        page: page(() => import('../features/apps/UserAppPage')),
      },
    ],
  },
  {
    // §1 value-added services, §2: the entries configured for the user's tenant, as cards.
    path: '/increment',
    titleKey: 'shell.routes.increment',
    icon: 'GiftOutlined',
    level: 0,
    redirect: SERVICE_MANAGER_PATH,
    children: [
      {
        path: SERVICE_MANAGER_PATH,
        titleKey: 'shell.routes.serviceManager',
        icon: 'ShoppingOutlined',
        page: page(() => import('../features/apps/ServiceManagerPage')),
      },
      {
        // §1 automatic reports (features/reports): the demo's value-added entry leads here.
        path: '/increment/reports',
        titleKey: 'shell.routes.reports',
        icon: 'FileTextOutlined',
        page: page(() => import('../features/reports/ReportsPage')),
      },
    ],
  },
  {
    path: '/setting',
    titleKey: 'shell.routes.setting',
    icon: 'SettingOutlined',
    level: 0,
    redirect: '/setting/personalCenter',
    children: [
      {
        path: '/setting/personalCenter',
        titleKey: 'shell.routes.personalCenter',
        icon: 'UserOutlined',
        page: page(() => import('../features/account/PersonalCenterPage')),
      },
      // §2 'help', 'about us' and 'feedback' (features/support): any signed-in user; the avatar
      // menu leads here too. Short paths of their own, reserved like the top-level ones.
      {
        path: '/help',
        titleKey: 'support.routes.help',
        icon: 'QuestionCircleOutlined',
        page: page(() => import('../features/support/HelpPage')),
      },
      {
        path: '/about',
        titleKey: 'support.routes.about',
        icon: 'InfoCircleOutlined',
        page: page(() => import('../features/support/AboutPage')),
      },
      {
        path: '/feedback',
        titleKey: 'support.routes.feedback',
        icon: 'MessageOutlined',
        page: page(() => import('../features/support/FeedbackPage')),
      },
    ],
  },
  {
    // A share link's page; signed out, the guard sends it through sign-in and back with its code.
    path: '/share',
    titleKey: 'sharing.redeem.title',
    icon: 'ShareAltOutlined',
    level: 0,
    hidden: true,
    page: page(() => import('../features/sharing/RedeemPage')),
  },
  {
    // A refresh passes through here and back, so the page re-mounts (§2).
    path: '/redirect/*',
    titleKey: 'shell.routes.redirect',
    hidden: true,
    page: page(() => import('../shell/views/RedirectPage')),
  },
  {
    // Any signed-in user, whatever their level (it needs none); signed out it leads to /login.
    path: '/403',
    titleKey: 'shell.routes.forbidden',
    hidden: true,
    page: page(() => import('../features/errors/ForbiddenPage')),
  },
  {
    path: '/noRole',
    titleKey: 'shell.routes.noRole',
    hidden: true,
    page: page(() => import('../features/errors/NoRolePage')),
  },
];

/** Every entry of the table, children included, in order. */
export function flatten(entries: readonly RouteEntry[] = routes): RouteEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

/** The paths reachable while signed out. */
export const WHITELIST: readonly string[] = flatten()
  .filter((r) => r.public)
  .map((r) => r.path);
