import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick?: () => void;
}

/** An icon of the header: a text button named for screen readers, with the same tooltip. */
export default function HeaderButton({ label, icon, onClick }: Props) {
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} className="fl-header-button" />
    </Tooltip>
  );
}
