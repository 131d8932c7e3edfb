/**
 * The icon of a route, by the @ant-design/icons name the route table gives. Only the names
 * listed here are bundled (the whole icon set would weigh more than the console); an unknown
 * name draws a neutral icon.
 */
import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FolderOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  LineChartOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Readonly<Record<string, ComponentType>> = {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FolderOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  LineChartOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

export default function RouteIcon({ name }: { readonly name: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
