/**
 * The properties of the selection: one widget's frame (position, size, rotation, layer, locked,
 * hidden), what it is bound to and its kind's fields; for several, how many and what applies to
 * all; for none, the canvas (CanvasPanel). A locked widget's fields are read-only until unlocked.
 */
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { CANVAS_MAX } from '@fieldlink/protocol';
import { Alert, Button, Col, Divider, Flex, Form, Row, Switch, Typography } from 'antd';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import BindingPicker from '../../../diagrams/BindingPicker';
import CanvasPanel from './CanvasPanel';
import type { DraftDocument, DraftWidget } from './draft';
import { NumberField } from './fields';
import KindFields from './KindFields';
import type { EditorAction, FramePatch } from './model';
import { bindingKinds } from './widget-kinds';

interface Props {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly dispatch: Dispatch<EditorAction>;
}

function FrameFields({
  widget,
  doc,
  dispatch,
}: {
  readonly widget: DraftWidget;
  readonly doc: DraftDocument;
  readonly dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation();
  const set = (patch: FramePatch): void => dispatch({ type: 'frame', id: widget.id, patch });
  const { canvas } = doc;
  const cell = (key: 'x' | 'y' | 'width' | 'height' | 'rotation' | 'layer', node: ReactNode) => (
    <Col span={12} key={key}>
      <Form.Item label={t(`diagramEditor.fields.${key}`)} style={{ marginBottom: 8 }}>
        {node}
      </Form.Item>
    </Col>
  );
  const locked = widget.locked;
  return (
    <Row gutter={8}>
      {cell(
        'x',
        <NumberField
          label={t('diagramEditor.fields.x')}
          value={widget.x}
          min={-CANVAS_MAX}
          max={CANVAS_MAX}
          disabled={locked}
          onCommit={(x) => set({ x })}
        />,
      )}
      {cell(
        'y',
        <NumberField
          label={t('diagramEditor.fields.y')}
          value={widget.y}
          min={-CANVAS_MAX}
          max={CANVAS_MAX}
          disabled={locked}
          onCommit={(y) => set({ y })}
        />,
      )}
      {cell(
        'width',
        <NumberField
          label={t('diagramEditor.fields.width')}
          value={widget.width}
          min={1}
          max={canvas.width}
          disabled={locked}
          onCommit={(width) => set({ width })}
        />,
      )}
      {cell(
        'height',
        <NumberField
          label={t('diagramEditor.fields.height')}
          value={widget.height}
          min={1}
          max={canvas.height}
          disabled={locked}
          onCommit={(height) => set({ height })}
        />,
      )}
      {cell(
        'rotation',
        <NumberField
          label={t('diagramEditor.fields.rotation')}
          value={widget.rotation}
          min={-360}
          max={360}
          suffix="°"
          disabled={locked}
          onCommit={(rotation) => set({ rotation })}
        />,
      )}
      {cell(
        'layer',
        <NumberField
          label={t('diagramEditor.fields.layer')}
          value={widget.layer}
          min={0}
          max={999}
          integer
          disabled={locked}
          onCommit={(layer) => set({ layer })}
        />,
      )}
    </Row>
  );
}

function OneWidget({
  widget,
  doc,
  dispatch,
}: {
  readonly widget: DraftWidget;
  readonly doc: DraftDocument;
  readonly dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation();
  const kinds = bindingKinds(widget.kind);
  const kindName = t(`diagramEditor.kinds.${widget.kind}`);
  const change = (next: DraftWidget): void => dispatch({ type: 'update', widget: next });
  return (
    <Form layout="vertical" size="small" data-testid="diagram-editor-properties" data-widget-id={widget.id}>
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          {t('diagramEditor.properties.widget', { kind: kindName, id: widget.id })}
        </Typography.Text>
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checkedChildren={<LockOutlined />}
            unCheckedChildren={<UnlockOutlined />}
            aria-label={t('diagramEditor.fields.locked')}
            title={t('diagramEditor.fields.locked')}
            checked={widget.locked}
            onChange={(locked) => dispatch({ type: 'lock', ids: [widget.id], locked })}
          />
          <Switch
            size="small"
            checkedChildren={<EyeInvisibleOutlined />}
            unCheckedChildren={<EyeOutlined />}
            aria-label={t('diagramEditor.fields.hidden')}
            title={t('diagramEditor.fields.hidden')}
            checked={widget.hidden}
            onChange={(hidden) => dispatch({ type: 'hide', ids: [widget.id], hidden })}
          />
        </Flex>
      </Flex>
      <FrameFields widget={widget} doc={doc} dispatch={dispatch} />
      {kinds !== null && 'binding' in widget && (
        <>
          <Divider size="small" />
          <Form.Item label={t('diagramEditor.fields.binding')} style={{ marginBottom: 8 }}>
            <BindingPicker
              value={widget.binding}
              kinds={kinds}
              label={kindName}
              disabled={widget.locked}
              onChange={(binding) => change({ ...widget, binding } as DraftWidget)}
            />
          </Form.Item>
          {widget.binding === null && (
            <Alert
              type="warning"
              showIcon
              title={t('diagramEditor.properties.unbound')}
              style={{ marginBottom: 8 }}
            />
          )}
        </>
      )}
      <Divider size="small" />
      <KindFields widget={widget} palette={doc.palette} onChange={change} disabled={widget.locked} />
    </Form>
  );
}

function ManyWidgets({
  widgets,
  dispatch,
}: {
  readonly widgets: readonly DraftWidget[];
  readonly dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation();
  const ids = widgets.map((w) => w.id);
  const allLocked = widgets.every((w) => w.locked);
  const allHidden = widgets.every((w) => w.hidden);
  return (
    <Flex vertical gap={8} data-testid="diagram-editor-properties">
      <Typography.Text strong>
        {t('diagramEditor.properties.many', { count: widgets.length })}
      </Typography.Text>
      <Typography.Text type="secondary">{t('diagramEditor.properties.manyHint')}</Typography.Text>
      <Flex gap={8} wrap>
        <Button
          size="small"
          icon={allLocked ? <UnlockOutlined /> : <LockOutlined />}
          onClick={() => dispatch({ type: 'lock', ids, locked: !allLocked })}
        >
          {t(allLocked ? 'diagramEditor.layers.unlock' : 'diagramEditor.layers.lock')}
        </Button>
        <Button
          size="small"
          icon={allHidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          onClick={() => dispatch({ type: 'hide', ids, hidden: !allHidden })}
        >
          {t(allHidden ? 'diagramEditor.layers.show' : 'diagramEditor.layers.hide')}
        </Button>
      </Flex>
    </Flex>
  );
}

export default function PropertiesPanel({ doc, selection, dispatch }: Props) {
  const chosen = new Set(selection);
  const widgets = doc.widgets.filter((w) => chosen.has(w.id));
  if (widgets.length === 0) return <CanvasPanel doc={doc} dispatch={dispatch} />;
  if (widgets.length === 1)
    return <OneWidget key={widgets[0]!.id} widget={widgets[0]!} doc={doc} dispatch={dispatch} />;
  return <ManyWidgets widgets={widgets} dispatch={dispatch} />;
}
