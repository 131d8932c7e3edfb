/**
 * The icon of a route, by the @ant-design/icons name the route table gives. Only the names
 * listed here are bundled (the whole icon set would weigh more than the console); an unknown
 * name draws a neutral icon.
 */
import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  MessageOutlined,
  MobileOutlined,
  PhoneOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Readonly<Record<string, ComponentType>> = {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  MessageOutlined,
  MobileOutlined,
  PhoneOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

/**
 * The icon names drawn as themselves, for the pickers of custom routes, apps and value-added
 * entries (a name not among them draws the neutral icon).
 */
export const ROUTE_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export default function RouteIcon({ name }: { readonly name: string | undefined }) {
  // Own names only: a name from data such as 'constructor' must not reach Object's prototype.
  const Icon = (name !== undefined && Object.hasOwn(ICONS, name) && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
