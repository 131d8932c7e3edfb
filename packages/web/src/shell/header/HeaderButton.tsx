import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick?: () => void;
  /**
   * True while the menu or panel this button opens is showing: the tooltip is then hidden, so it
   * never covers the menu's first item (a click from the icon would land on the tooltip).
   */
  readonly menuOpen?: boolean;
}

/** An icon of the header: a text button named for screen readers, with the same tooltip. */
export default function HeaderButton({ label, icon, onClick, menuOpen = false }: Props) {
  return (
    <Tooltip title={label} placement="bottom" {...(menuOpen ? { open: false } : {})}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} className="fl-header-button" />
    </Tooltip>
  );
}
