/**
 * The equipment tree as a windowed list: only the rows in view (and a few either side) are in
 * the DOM, each row reads its own device's flags from the store, so a push repaints the rows it
 * touches and 10,000 devices scroll like ten. Arrow keys move, Enter selects, left/right close
 * and open.
 */
import { TableOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirectory } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { DeviceIcon, GroupIcon } from './DeviceIcon';
import { pathTo, visibleRows } from './tree-rows';
import type { TreeFilter, TreeRow } from './tree-rows';
import { UnansweredBadge } from './UnansweredAlert';

export const ROW_HEIGHT = 32;
const OVERSCAN = 8;
/** Used until the list has been measured (and in tests, which have no layout). */
const FALLBACK_HEIGHT = 600;

interface Props {
  readonly filter: TreeFilter;
  readonly selectedId: number | null;
  readonly onSelect: (id: number) => void;
  /** Shows a group's devices with their values (a button on each group row); none without it. */
  readonly onOpenGroup?: (key: string) => void;
  /** CSS height of the list. */
  readonly height?: string | number;
}

/** Texts the rows show, resolved once per language rather than in each row. */
interface RowLabels {
  readonly alarm: string;
  readonly online: string;
  readonly offline: string;
  /** A device online whose link is up but which does not answer at this slave address. */
  readonly unanswered: (address: number) => string;
  readonly soc: (soc: number) => string;
  readonly devices: (count: number) => string;
  readonly openGroup: string;
}

// Rows are plain elements styled by monitoring.css: a scroll brings a screenful of new rows at
// once, and antd components in each would make every such frame a long task.
const DeviceBadges = memo(function DeviceBadges({
  id,
  labels,
}: {
  readonly id: number;
  readonly labels: RowLabels;
}) {
  const flags = useEquipmentStore((s) => s.flags[id]);
  if (!flags) return null;
  return (
    <span className="tree-badges">
      {flags.isAlarm && <span className="tree-alarm">{labels.alarm}</span>}
      {flags.isOnline && flags.unansweredAddress !== undefined && (
        <UnansweredBadge
          label={labels.unanswered(flags.unansweredAddress)}
          className="tree-unanswered"
          testId="tree-unanswered"
        />
      )}
      {flags.soc !== null && (
        <span className="tree-soc" title={labels.soc(flags.soc)}>
          {flags.soc}%
        </span>
      )}
      <span
        className={flags.isOnline ? 'tree-dot tree-dot-online' : 'tree-dot'}
        title={flags.isOnline ? labels.online : labels.offline}
        data-online={flags.isOnline}
      />
    </span>
  );
});

const Row = memo(function Row({
  row,
  selected,
  active,
  labels,
  onClick,
  onOpenGroup,
}: {
  readonly row: TreeRow;
  readonly selected: boolean;
  readonly active: boolean;
  readonly labels: RowLabels;
  readonly onClick: (row: TreeRow, toggle: boolean) => void;
  readonly onOpenGroup?: ((key: string) => void) | undefined;
}) {
  const entry = useDirectory((d) => (row.id === null ? undefined : d.entries[row.id]));
  const type = useDirectory((d) => (entry ? d.types[entry.type] : undefined));
  const isOnline = useEquipmentStore((s) => (row.id === null ? false : (s.flags[row.id]?.isOnline ?? false)));
  const isAlarm = useEquipmentStore((s) => (row.id === null ? false : (s.flags[row.id]?.isAlarm ?? false)));
  return (
    <div
      role="treeitem"
      id={`tree-${row.key}`}
      className="tree-row"
      aria-level={row.depth + 1}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? row.open : undefined}
      data-key={row.key}
      data-active={active}
      onClick={() => onClick(row, row.kind === 'group')}
      style={{ height: ROW_HEIGHT, paddingInlineStart: 8 + row.depth * 18 }}
    >
      <span
        aria-hidden
        className="tree-switcher"
        onClick={(e) => {
          if (!row.hasChildren) return;
          e.stopPropagation();
          onClick(row, true);
        }}
      >
        {row.hasChildren ? (row.open ? '▾' : '▸') : ''}
      </span>
      {row.kind === 'group' ? (
        <GroupIcon open={row.open} />
      ) : (
        <DeviceIcon type={type} isOnline={isOnline} isAlarm={isAlarm} image={entry?.icon} />
      )}
      <span className="tree-name" title={entry ? `${row.name} (${entry.unid})` : row.name}>
        {row.name}
      </span>
      {row.kind === 'group' ? (
        <>
          <span className="tree-count">{labels.devices(row.count)}</span>
          {onOpenGroup ? (
            <button
              type="button"
              className="tree-group-open"
              aria-label={`${labels.openGroup}: ${row.name}`}
              title={labels.openGroup}
              onClick={(e) => {
                e.stopPropagation();
                onOpenGroup(row.key);
              }}
            >
              <TableOutlined />
            </button>
          ) : null}
        </>
      ) : (
        row.id !== null && <DeviceBadges id={row.id} labels={labels} />
      )}
    </div>
  );
});

export default function EquipmentTree({
  filter,
  selectedId,
  onSelect,
  onOpenGroup,
  height = FALLBACK_HEIGHT,
}: Props) {
  const { t } = useTranslation();
  const tree = useDirectory((d) => d.tree);
  const entries = useDirectory((d) => d.entries);
  // Flags matter to the rows only while a status filter is on; otherwise a push repaints the
  // badges of the rows in view without rebuilding the list.
  const flags = useEquipmentStore((s) => (filter.status === 'all' ? null : s.flags));
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(typeof height === 'number' ? height : FALLBACK_HEIGHT);
  const [active, setActive] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const labels = useMemo<RowLabels>(
    () => ({
      alarm: t('monitoring.tree.alarm'),
      online: t('monitoring.tree.online'),
      offline: t('monitoring.tree.offline'),
      unanswered: (address) => t('monitoring.tree.unanswered', { address }),
      soc: (soc) => t('monitoring.tree.soc', { soc }),
      devices: (count) => t('monitoring.tree.devices', { count }),
      openGroup: t('monitoring.group.open'),
    }),
    [t],
  );

  const rows = useMemo(
    () => visibleRows(tree, toggled, filter, { entries, flags: flags ?? {} }),
    [tree, toggled, filter, entries, flags],
  );

  useEffect(() => {
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight > 0) setViewHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A device selected from elsewhere (a notification, a link) is shown: its branch opens.
  useEffect(() => {
    if (selectedId === null) return;
    const path = pathTo(tree, selectedId);
    if (!path) return;
    setToggled((before) => {
      let next: Set<string> | null = null;
      for (const key of path.slice(0, -1)) {
        const isGroup = key.startsWith('m_');
        const open = isGroup !== before.has(key);
        if (!open) {
          next ??= new Set(before);
          if (isGroup) next.delete(key);
          else next.add(key);
        }
      }
      return next ?? before;
    });
  }, [selectedId, tree]);

  const scrollIntoView = useCallback((index: number) => {
    const el = viewport.current;
    if (!el) return;
    const top = index * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight)
      el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, []);

  const toggle = useCallback((key: string) => {
    setToggled((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const onRowClick = useCallback(
    (row: TreeRow, toggleIt: boolean) => {
      if (toggleIt && row.hasChildren) toggle(row.key);
      if (row.id !== null && !(toggleIt && row.kind === 'group')) onSelect(row.id);
      setActive(rows.indexOf(row));
    },
    [onSelect, rows, toggle],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[active];
    let next = active;
    switch (e.key) {
      case 'ArrowDown':
        next = Math.min(rows.length - 1, active + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, active - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = rows.length - 1;
        break;
      case 'ArrowRight':
        if (row?.hasChildren && !row.open) toggle(row.key);
        break;
      case 'ArrowLeft':
        if (row?.hasChildren && row.open) toggle(row.key);
        break;
      case 'Enter':
      case ' ':
        if (row) onRowClick(row, row.kind === 'group');
        break;
      default:
        return;
    }
    e.preventDefault();
    setActive(next);
    scrollIntoView(next);
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN);
  const activeRow = rows[active];

  if (rows.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: 16, textAlign: 'center' }}>
        {tree.length === 0 ? t('monitoring.tree.empty') : t('monitoring.tree.noMatch')}
      </Typography.Text>
    );
  }

  return (
    <div
      ref={viewport}
      role="tree"
      aria-label={t('monitoring.tree.label')}
      tabIndex={0}
      aria-activedescendant={activeRow ? `tree-${activeRow.key}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ height, overflowY: 'auto', position: 'relative', outline: 'none' }}
    >
      <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        <div style={{ position: 'absolute', top: first * ROW_HEIGHT, left: 0, right: 0 }}>
          {rows.slice(first, last).map((row, i) => (
            <Row
              key={row.key}
              row={row}
              selected={row.id !== null && row.id === selectedId}
              active={first + i === active}
              labels={labels}
              onClick={onRowClick}
              onOpenGroup={onOpenGroup}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
