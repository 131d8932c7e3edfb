/**
 * The widgets one can add: a click adds one at the centre of the view; dragging one onto the
 * canvas adds it where it is dropped (the drop is the canvas's: EditorCanvas).
 */
import type { WidgetKind } from '@fieldlink/protocol';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_ICONS } from './widget-icons';
import { WIDGET_KINDS } from './widget-kinds';

/** The drag's data type: the kind dragged from the palette. */
export const WIDGET_DRAG_TYPE = 'application/x-fieldlink-widget';

export default function WidgetPalette({
  onAdd,
  disabled,
}: {
  readonly onAdd: (kind: WidgetKind) => void;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      gap={4}
      role="group"
      aria-label={t('diagramEditor.palette.title')}
      data-testid="diagram-editor-palette"
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('diagramEditor.palette.title')}
      </Typography.Text>
      {WIDGET_KINDS.map((kind) => (
        <Button
          key={kind}
          size="small"
          icon={KIND_ICONS[kind]}
          draggable={!disabled}
          disabled={disabled}
          data-kind={kind}
          title={t('diagramEditor.palette.hint')}
          aria-label={t('diagramEditor.palette.add', { kind: t(`diagramEditor.kinds.${kind}`) })}
          style={{ justifyContent: 'flex-start' }}
          onClick={() => onAdd(kind)}
          onDragStart={(event) => {
            event.dataTransfer.setData(WIDGET_DRAG_TYPE, kind);
            event.dataTransfer.effectAllowed = 'copy';
          }}
        >
          {t(`diagramEditor.kinds.${kind}`)}
        </Button>
      ))}
    </Flex>
  );
}
