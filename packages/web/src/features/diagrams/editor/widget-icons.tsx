/** An icon for each widget kind, for the palette and the layers list. */
import {
  BarChartOutlined,
  BulbOutlined,
  DashboardOutlined,
  FieldNumberOutlined,
  FontSizeOutlined,
  LineChartOutlined,
  NodeIndexOutlined,
  PictureOutlined,
  PoweroffOutlined,
  SlidersOutlined,
  TagOutlined,
} from '@ant-design/icons';
import type { WidgetKind } from '@fieldlink/protocol';
import type { ReactNode } from 'react';

export const KIND_ICONS: Readonly<Record<WidgetKind, ReactNode>> = {
  switch: <PoweroffOutlined />,
  lamp: <BulbOutlined />,
  value: <FieldNumberOutlined />,
  gauge: <DashboardOutlined />,
  level: <BarChartOutlined />,
  trend: <LineChartOutlined />,
  setpoint: <SlidersOutlined />,
  text: <FontSizeOutlined />,
  image: <PictureOutlined />,
  pipe: <NodeIndexOutlined />,
  status: <TagOutlined />,
};
