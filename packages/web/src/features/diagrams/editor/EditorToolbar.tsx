/**
 * The editor's toolbar: save (and whether there is something to save), undo and redo, zoom, the
 * grid (shown, snapping, size), aligning and spreading the selection, its place in the stack,
 * duplicate and delete. Each button says its shortcut; what cannot apply now is disabled.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  AimOutlined,
  BorderBottomOutlined,
  BorderHorizontalOutlined,
  BorderLeftOutlined,
  BorderRightOutlined,
  BorderTopOutlined,
  BorderVerticleOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  OneToOneOutlined,
  RedoOutlined,
  SaveOutlined,
  TableOutlined,
  UndoOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Flex, Tag, Tooltip } from 'antd';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyUnder } from '../../../i18n';
import type { Alignment, StackMove } from './arrange';
import type { DraftDocument } from './draft';
import { NumberField } from './fields';
import type { EditorAction } from './model';
import type { Viewport } from './use-viewport';

interface Props {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly dispatch: Dispatch<EditorAction>;
  readonly viewport: Viewport;
}

function Tool({
  label,
  icon,
  onClick,
  disabled,
  pressed,
}: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly pressed?: boolean;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

const ALIGNMENTS: readonly (readonly [Alignment, ReactNode])[] = [
  ['left', <BorderLeftOutlined key="l" />],
  ['center', <BorderVerticleOutlined key="c" />],
  ['right', <BorderRightOutlined key="r" />],
  ['top', <BorderTopOutlined key="t" />],
  ['middle', <BorderHorizontalOutlined key="m" />],
  ['bottom', <BorderBottomOutlined key="b" />],
];

const STACK: readonly (readonly [StackMove, ReactNode])[] = [
  ['front', <VerticalAlignTopOutlined key="f" />],
  ['forward', <ArrowUpOutlined key="u" />],
  ['backward', <ArrowDownOutlined key="d" />],
  ['back', <VerticalAlignBottomOutlined key="b" />],
];

export default function EditorToolbar({
  doc,
  selection,
  canUndo,
  canRedo,
  dirty,
  saving,
  onSave,
  dispatch,
  viewport,
}: Props) {
  const { t } = useTranslation();
  const tb = (key: KeyUnder<'diagramEditor.toolbar'>): string => t(`diagramEditor.toolbar.${key}`);
  const chosen = doc.widgets.filter((w) => selection.includes(w.id));
  const movable = chosen.filter((w) => !w.locked);
  const { grid } = doc.canvas;
  return (
    <Flex
      align="center"
      gap={4}
      wrap
      role="toolbar"
      aria-label={tb('label')}
      data-testid="diagram-editor-toolbar"
    >
      <Button
        type="primary"
        size="small"
        icon={<SaveOutlined />}
        loading={saving}
        onClick={onSave}
        data-testid="diagram-editor-save"
      >
        {tb('save')}
      </Button>
      <Tag
        color={dirty ? 'orange' : 'default'}
        style={{ marginInlineEnd: 0 }}
        data-testid="diagram-editor-state"
      >
        {tb(dirty ? 'unsaved' : 'saved')}
      </Tag>
      <Divider orientation="vertical" />
      <Tool
        label={tb('undo')}
        icon={<UndoOutlined />}
        disabled={!canUndo}
        onClick={() => dispatch({ type: 'undo' })}
      />
      <Tool
        label={tb('redo')}
        icon={<RedoOutlined />}
        disabled={!canRedo}
        onClick={() => dispatch({ type: 'redo' })}
      />
      <Divider orientation="vertical" />
      <Tool label={tb('zoomOut')} icon={<ZoomOutOutlined />} onClick={viewport.zoomOut} />
      <span className="diagram-editor-zoom" aria-live="polite" data-testid="diagram-editor-zoom">
        {t('diagramEditor.toolbar.zoom', { percent: Math.round(viewport.zoom * 100) })}
      </span>
      <Tool label={tb('zoomIn')} icon={<ZoomInOutlined />} onClick={viewport.zoomIn} />
      <Tool label={tb('zoomFit')} icon={<ExpandOutlined />} onClick={viewport.fit} />
      <Tool label={tb('zoomActual')} icon={<OneToOneOutlined />} onClick={viewport.actual} />
      <Divider orientation="vertical" />
      <Tool
        label={tb('grid')}
        icon={<TableOutlined />}
        pressed={grid.visible}
        onClick={() => dispatch({ type: 'canvas', patch: { grid: { visible: !grid.visible } } })}
      />
      <Tool
        label={tb('snap')}
        icon={<AimOutlined />}
        pressed={grid.snap}
        onClick={() => dispatch({ type: 'canvas', patch: { grid: { snap: !grid.snap } } })}
      />
      <span style={{ width: 72 }}>
        <NumberField
          label={tb('gridSize')}
          value={grid.size}
          min={2}
          max={200}
          integer
          suffix="px"
          onCommit={(size) => dispatch({ type: 'canvas', patch: { grid: { size } } })}
        />
      </span>
      <Divider orientation="vertical" />
      {ALIGNMENTS.map(([alignment, icon]) => (
        <Tool
          key={alignment}
          label={tb(`align.${alignment}`)}
          icon={icon}
          disabled={movable.length === 0}
          onClick={() => dispatch({ type: 'align', alignment })}
        />
      ))}
      <Tool
        label={tb('distribute.horizontal')}
        icon={<ColumnWidthOutlined />}
        disabled={chosen.length < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'horizontal' })}
      />
      <Tool
        label={tb('distribute.vertical')}
        icon={<ColumnHeightOutlined />}
        disabled={chosen.length < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'vertical' })}
      />
      <Divider orientation="vertical" />
      {STACK.map(([move, icon]) => (
        <Tool
          key={move}
          label={tb(`stack.${move}`)}
          icon={icon}
          disabled={movable.length === 0}
          onClick={() => dispatch({ type: 'restack', move })}
        />
      ))}
      <Divider orientation="vertical" />
      <Tool
        label={tb('duplicate')}
        icon={<CopyOutlined />}
        disabled={chosen.length === 0}
        onClick={() => dispatch({ type: 'duplicate' })}
      />
      <Tool
        label={tb('delete')}
        icon={<DeleteOutlined />}
        disabled={movable.length === 0}
        onClick={() => dispatch({ type: 'delete' })}
      />
    </Flex>
  );
}
