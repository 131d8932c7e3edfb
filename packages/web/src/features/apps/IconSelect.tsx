/**
 * Choosing an icon among those the console draws (shell/RouteIcon.tsx), each shown beside its
 * name; cleared, the neutral icon is drawn. A stored name the console does not draw stays shown.
 */
import { Select, Space } from 'antd';
import RouteIcon, { ROUTE_ICON_NAMES } from '../../shell/RouteIcon';

interface Props {
  readonly value?: string | null;
  readonly onChange?: (value: string | null) => void;
  readonly id?: string;
  readonly 'aria-label'?: string;
}

const OPTIONS = ROUTE_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      <RouteIcon name={name} />
      {name}
    </Space>
  ),
}));

export default function IconSelect({ value, onChange, id, 'aria-label': label }: Props) {
  return (
    <Select<string>
      {...(id ? { id } : {})}
      aria-label={label}
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={OPTIONS}
      style={{ width: '100%' }}
    />
  );
}
