/**
 * The canvas, shown when nothing is chosen: its size (100-20,000 px), background colour and
 * picture (from the user's pictures), the grid (size 2-200, shown, snapping), and the project's
 * colours (spec globalColorArr, at most 32): added, changed and removed here, offered by every
 * colour field.
 */
import { CloseOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { CANVAS_MAX, PALETTE_MAX } from '@fieldlink/protocol';
import { Button, Col, ColorPicker, Divider, Flex, Form, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import PicturePicker from '../../pictures/PicturePicker';
import { pictureName } from '../../pictures/picture-address';
import type { DraftDocument } from './draft';
import { ColorField, hexOf, NumberField } from './fields';
import type { EditorAction } from './model';

interface Props {
  readonly doc: DraftDocument;
  readonly dispatch: Dispatch<EditorAction>;
}

function PaletteEditor({
  palette,
  dispatch,
}: {
  readonly palette: readonly string[];
  readonly dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation();
  const set = (next: readonly string[]): void => dispatch({ type: 'palette', palette: next });
  const full = palette.length >= PALETTE_MAX;
  return (
    <Flex vertical gap={8} data-testid="diagram-editor-palette-colours">
      <Flex wrap gap={6}>
        {palette.map((colour, i) => (
          <Flex key={`${i}-${colour}`} align="center" gap={0} className="diagram-editor-colour">
            <ColorPicker
              size="small"
              value={colour}
              aria-label={t('diagramEditor.canvas.editColour', { n: i + 1, colour })}
              onChangeComplete={(c) => {
                const hex = hexOf(c);
                if (hex !== colour) set(palette.map((x, j) => (j === i ? hex : x)));
              }}
            />
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('diagramEditor.canvas.removeColour', { colour })}
              title={t('diagramEditor.canvas.removeColour', { colour })}
              onClick={() => set(palette.filter((_, j) => j !== i))}
            />
          </Flex>
        ))}
      </Flex>
      <Flex align="center" gap={8}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => set([...palette, palette[palette.length - 1] ?? '#1677ff'])}
        >
          {t('diagramEditor.canvas.addColour')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {full
            ? t('diagramEditor.canvas.paletteFull', { max: PALETTE_MAX })
            : t('diagramEditor.canvas.paletteCount', { count: palette.length, max: PALETTE_MAX })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

export default function CanvasPanel({ doc, dispatch }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const { canvas } = doc;
  const c = 'diagramEditor.canvas';
  return (
    <Form layout="vertical" size="small" data-testid="diagram-editor-canvas-panel">
      <Typography.Text strong>{t(`${c}.title`)}</Typography.Text>
      <Row gutter={8} style={{ marginTop: 8 }}>
        <Col span={12}>
          <Form.Item label={t(`${c}.width`)} style={{ marginBottom: 8 }}>
            <NumberField
              label={t(`${c}.width`)}
              value={canvas.width}
              min={100}
              max={CANVAS_MAX}
              integer
              onCommit={(width) => dispatch({ type: 'canvas', patch: { width } })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t(`${c}.height`)} style={{ marginBottom: 8 }}>
            <NumberField
              label={t(`${c}.height`)}
              value={canvas.height}
              min={100}
              max={CANVAS_MAX}
              integer
              onCommit={(height) => dispatch({ type: 'canvas', patch: { height } })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t(`${c}.background`)} style={{ marginBottom: 8 }}>
        <ColorField
          label={t(`${c}.background`)}
          value={canvas.background.color}
          palette={doc.palette}
          onCommit={(color) => dispatch({ type: 'canvas', patch: { background: { color } } })}
        />
      </Form.Item>
      <Form.Item label={t(`${c}.picture`)} style={{ marginBottom: 8 }}>
        <Flex gap={8} align="center" wrap>
          <Button size="small" icon={<PictureOutlined />} onClick={() => setPicking(true)}>
            {t(`${c}.choosePicture`)}
          </Button>
          {canvas.background.image !== '' && (
            <Button
              size="small"
              onClick={() => dispatch({ type: 'canvas', patch: { background: { image: '' } } })}
            >
              {t(`${c}.removePicture`)}
            </Button>
          )}
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
            {canvas.background.image === '' ? t(`${c}.noPicture`) : pictureName(canvas.background.image)}
          </Typography.Text>
        </Flex>
        <PicturePicker
          open={picking}
          value={canvas.background.image}
          builtIn={[]}
          purpose="background"
          onSelect={(image) => {
            setPicking(false);
            dispatch({ type: 'canvas', patch: { background: { image } } });
          }}
          onClose={() => setPicking(false)}
        />
      </Form.Item>
      <Divider size="small" />
      <Row gutter={8} align="bottom">
        <Col span={8}>
          <Form.Item label={t(`${c}.gridSize`)} style={{ marginBottom: 8 }}>
            <NumberField
              label={t(`${c}.gridSize`)}
              value={canvas.grid.size}
              min={2}
              max={200}
              integer
              onCommit={(size) => dispatch({ type: 'canvas', patch: { grid: { size } } })}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t(`${c}.gridVisible`)} style={{ marginBottom: 8 }}>
            <Switch
              size="small"
              aria-label={t(`${c}.gridVisible`)}
              checked={canvas.grid.visible}
              onChange={(visible) => dispatch({ type: 'canvas', patch: { grid: { visible } } })}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t(`${c}.gridSnap`)} style={{ marginBottom: 8 }}>
            <Switch
              size="small"
              aria-label={t(`${c}.gridSnap`)}
              checked={canvas.grid.snap}
              onChange={(snap) => dispatch({ type: 'canvas', patch: { grid: { snap } } })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider size="small" />
      <Form.Item label={t(`${c}.palette`)} style={{ marginBottom: 0 }}>
        <PaletteEditor palette={doc.palette} dispatch={dispatch} />
      </Form.Item>
    </Form>
  );
}
