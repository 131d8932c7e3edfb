/**
 * The column layout's first level (§2): the first-level routes as a column of icons at the
 * left; choosing one opens its first page and shows its children as the second-level menu.
 */
import { useTranslation } from 'react-i18next';
import { titleOf } from '../../routes/navigation';
import type { MenuNode } from '../../routes/navigation';
import type { ColumnStyle } from '../../settings/settings';
import RouteIcon from '../RouteIcon';
import { useMenuChoice } from './useMenuChoice';

interface Props {
  readonly nodes: readonly MenuNode[];
  readonly active: MenuNode | undefined;
  readonly columnStyle: ColumnStyle;
}

export default function ColumnBar({ nodes, active, columnStyle }: Props) {
  const { t } = useTranslation();
  const choose = useMenuChoice(nodes);
  return (
    <nav className={`fl-column-bar fl-column-${columnStyle}`} aria-label="menu">
      {nodes.map((node) => (
        <button
          key={node.path}
          type="button"
          className={`fl-column-item${node.path === active?.path ? ' fl-active' : ''}`}
          aria-current={node.path === active?.path ? 'page' : undefined}
          title={titleOf(node, t)}
          onClick={() => choose(node.target)}
        >
          <span className="fl-column-icon">
            <RouteIcon name={node.icon} />
          </span>
          <span className="fl-column-title">{titleOf(node, t)}</span>
        </button>
      ))}
    </nav>
  );
}
