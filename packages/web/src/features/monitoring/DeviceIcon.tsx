/**
 * The tree's icons, drawn rather than loaded (no image files ship): a folder for a group, and
 * for a device a glyph by what the type is (relay board, analog module, gateway, team host),
 * coloured by state.
 */
import {
  ApartmentOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  SlidersOutlined,
} from '@ant-design/icons';
import type { EquipmentType } from '../../api/equipment';

export const STATE_COLORS = { online: '#52c41a', offline: '#bfbfbf', alarm: '#ff4d4f' } as const;

export function GroupIcon({ open }: { readonly open: boolean }) {
  return open ? (
    <FolderOpenOutlined style={{ color: '#faad14' }} />
  ) : (
    <FolderOutlined style={{ color: '#faad14' }} />
  );
}

export function DeviceIcon({
  type,
  isOnline,
  isAlarm,
}: {
  readonly type: EquipmentType | undefined;
  readonly isOnline: boolean;
  readonly isAlarm: boolean;
}) {
  const color = isAlarm ? STATE_COLORS.alarm : isOnline ? STATE_COLORS.online : STATE_COLORS.offline;
  const style = { color, fontSize: 16 };
  if (type?.hostRole === 'team') return <ApartmentOutlined style={style} />;
  if (type?.hostRole) return <ClusterOutlined style={style} />;
  const counts = type?.counts;
  if (counts && counts.do === 0 && counts.ai > 0) return <DashboardOutlined style={style} />;
  if (counts && counts.do === 0 && counts.ao > 0) return <SlidersOutlined style={style} />;
  return <ControlOutlined style={style} />;
}
