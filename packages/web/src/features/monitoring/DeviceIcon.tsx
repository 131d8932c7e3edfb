/**
 * The tree's icons: a folder for a group, and for a device its picture when the record names one
 * the console loads (an uploaded picture, https:, data:), ringed in the state's colour; otherwise,
 * or when the picture fails to load, a glyph by what the type is (relay board, analog module,
 * gateway, team host), coloured by state. Catalogue names (ab00.png …) are drawn, never fetched.
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
import { isPictureAddress } from '../pictures/picture-address';
import PictureImage from '../pictures/PictureImage';

export const STATE_COLORS = { online: '#52c41a', offline: '#bfbfbf', alarm: '#ff4d4f' } as const;

export function GroupIcon({ open }: { readonly open: boolean }) {
  return open ? (
    <FolderOpenOutlined style={{ color: '#faad14' }} />
  ) : (
    <FolderOutlined style={{ color: '#faad14' }} />
  );
}

function TypeGlyph({ type, color }: { readonly type: EquipmentType | undefined; readonly color: string }) {
  const style = { color, fontSize: 16 };
  if (type?.hostRole === 'team') return <ApartmentOutlined style={style} />;
  if (type?.hostRole) return <ClusterOutlined style={style} />;
  const counts = type?.counts;
  if (counts && counts.do === 0 && counts.ai > 0) return <DashboardOutlined style={style} />;
  if (counts && counts.do === 0 && counts.ao > 0) return <SlidersOutlined style={style} />;
  return <ControlOutlined style={style} />;
}

export function DeviceIcon({
  type,
  isOnline,
  isAlarm,
  image,
}: {
  readonly type: EquipmentType | undefined;
  readonly isOnline: boolean;
  readonly isAlarm: boolean;
  /** The record's picture (the tree's `icon`: settings.image or ab00.png). */
  readonly image?: string;
}) {
  const color = isAlarm ? STATE_COLORS.alarm : isOnline ? STATE_COLORS.online : STATE_COLORS.offline;
  const glyph = <TypeGlyph type={type} color={color} />;
  if (image === undefined || !isPictureAddress(image)) return glyph;
  return <PictureImage src={image.trim()} size={16} ring={color} fallback={glyph} className="tree-picture" />;
}
