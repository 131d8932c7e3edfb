/**
 * The fields of one widget's kind (docs/protocol.md § Diagram documents), within the format's
 * bounds; each change replaces the widget (one undo step). A pipe's flow binding and its points
 * are here too; a picture is chosen with the console's picture picker.
 */
import { DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Segmented, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import BindingPicker from '../../../diagrams/BindingPicker';
import PicturePicker from '../../pictures/PicturePicker';
import { pictureName } from '../../pictures/picture-address';
import type { DraftOf, DraftWidget } from './draft';
import { ColorField, NumberField, TextField } from './fields';
import { FLOW_KINDS } from './widget-kinds';

interface Props<W extends DraftWidget = DraftWidget> {
  readonly widget: W;
  readonly palette: readonly string[];
  readonly onChange: (widget: DraftWidget) => void;
  readonly disabled: boolean;
}

function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

function PipeFields({ widget, palette, onChange, disabled }: Props<DraftOf<'pipe'>>) {
  const { t } = useTranslation();
  const f = 'diagramEditor.fields';
  const insert = (segment: number): void => {
    const a = widget.points[segment]!;
    const b = widget.points[segment + 1]!;
    const points = [...widget.points];
    points.splice(segment + 1, 0, { x: Math.round((a.x + b.x) / 2), y: Math.round((a.y + b.y) / 2) });
    onChange({ ...widget, points });
  };
  return (
    <>
      <Field label={t(`${f}.thickness`)}>
        <NumberField
          label={t(`${f}.thickness`)}
          value={widget.thickness}
          min={1}
          max={200}
          disabled={disabled}
          onCommit={(thickness) => onChange({ ...widget, thickness })}
        />
      </Field>
      <Field label={t(`${f}.color`)}>
        <ColorField
          label={t(`${f}.color`)}
          value={widget.color}
          palette={palette}
          disabled={disabled}
          onCommit={(color) => onChange({ ...widget, color })}
        />
      </Field>
      <Field label={t(`${f}.flowColor`)}>
        <ColorField
          label={t(`${f}.flowColor`)}
          value={widget.flowColor}
          palette={palette}
          disabled={disabled}
          onCommit={(flowColor) => onChange({ ...widget, flowColor })}
        />
      </Field>
      <Field label={t(`${f}.flow`)}>
        <BindingPicker
          value={widget.flow}
          kinds={FLOW_KINDS}
          label={t(`${f}.flow`)}
          disabled={disabled}
          onChange={(flow) => onChange({ ...widget, flow })}
        />
      </Field>
      <Field label={t(`${f}.threshold`)}>
        <NumberField
          label={t(`${f}.threshold`)}
          value={widget.threshold}
          disabled={disabled}
          onCommit={(threshold) => onChange({ ...widget, threshold })}
        />
      </Field>
      <Field label={t(`${f}.points`)}>
        <Flex vertical gap={4} data-testid="diagram-editor-points">
          {widget.points.map((p, i) => (
            <Flex key={i} align="center" gap={4}>
              <Typography.Text style={{ flex: 1 }}>
                {t(`${f}.point`, { n: i + 1, x: Math.round(widget.x + p.x), y: Math.round(widget.y + p.y) })}
              </Typography.Text>
              {i + 1 < widget.points.length && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t(`${f}.addPoint`, { n: i + 1 })}
                  title={t(`${f}.addPoint`, { n: i + 1 })}
                  disabled={disabled || widget.points.length >= 200}
                  onClick={() => insert(i)}
                />
              )}
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t(`${f}.removePoint`, { n: i + 1 })}
                title={t(`${f}.removePoint`, { n: i + 1 })}
                disabled={disabled || widget.points.length <= 2}
                onClick={() => onChange({ ...widget, points: widget.points.filter((_, j) => j !== i) })}
              />
            </Flex>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`${f}.pointsHint`)}
          </Typography.Text>
        </Flex>
      </Field>
    </>
  );
}

function ImageFields({ widget, onChange, disabled }: Props<DraftOf<'image'>>) {
  const { t } = useTranslation();
  const f = 'diagramEditor.fields';
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Field label={t(`${f}.picture`)}>
        <Flex gap={8} align="center" wrap>
          <Button
            size="small"
            icon={<PictureOutlined />}
            disabled={disabled}
            onClick={() => setPicking(true)}
          >
            {t(`${f}.choosePicture`)}
          </Button>
          {widget.src !== '' && (
            <Button size="small" disabled={disabled} onClick={() => onChange({ ...widget, src: '' })}>
              {t(`${f}.removePicture`)}
            </Button>
          )}
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
            {widget.src === '' ? t(`${f}.noPicture`) : pictureName(widget.src)}
          </Typography.Text>
        </Flex>
        <PicturePicker
          open={picking}
          value={widget.src}
          builtIn={[]}
          onSelect={(src) => {
            setPicking(false);
            onChange({ ...widget, src });
          }}
          onClose={() => setPicking(false)}
        />
      </Field>
      <Field label={t(`${f}.fit`)}>
        <Select
          size="small"
          aria-label={t(`${f}.fit`)}
          value={widget.fit}
          disabled={disabled}
          onChange={(fit) => onChange({ ...widget, fit })}
          options={(['contain', 'cover', 'fill'] as const).map((v) => ({
            value: v,
            label: t(`${f}.fits.${v}`),
          }))}
        />
      </Field>
    </>
  );
}

type ColourKey = 'onColor' | 'offColor' | 'color' | 'alarmColor' | 'fill';
type NumberKey = 'decimals' | 'fontSize' | 'min' | 'max' | 'minutes' | 'step';

export default function KindFields({ widget, palette, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const f = 'diagramEditor.fields';
  const colour = (key: ColourKey, value: string, set: (v: string) => void) => (
    <Field key={key} label={t(`diagramEditor.fields.${key}`)}>
      <ColorField
        label={t(`diagramEditor.fields.${key}`)}
        value={value}
        palette={palette}
        disabled={disabled}
        onCommit={set}
      />
    </Field>
  );
  const number = (
    key: NumberKey,
    value: number,
    set: (v: number) => void,
    bounds: { min?: number; max?: number; integer?: boolean } = {},
  ) => (
    <Field key={key} label={t(`diagramEditor.fields.${key}`)}>
      <NumberField
        label={t(`diagramEditor.fields.${key}`)}
        value={value}
        disabled={disabled}
        onCommit={set}
        {...bounds}
      />
    </Field>
  );
  switch (widget.kind) {
    case 'switch':
      return (
        <Field label={t(`${f}.label`)}>
          <TextField
            label={t(`${f}.label`)}
            value={widget.label}
            maxLength={64}
            disabled={disabled}
            onCommit={(label) => onChange({ ...widget, label })}
          />
        </Field>
      );
    case 'lamp':
      return (
        <>
          {colour('onColor', widget.onColor, (onColor) => onChange({ ...widget, onColor }))}
          {colour('offColor', widget.offColor, (offColor) => onChange({ ...widget, offColor }))}
        </>
      );
    case 'value':
      return (
        <>
          {number('decimals', widget.decimals, (decimals) => onChange({ ...widget, decimals }), {
            min: 0,
            max: 6,
            integer: true,
          })}
          {number('fontSize', widget.fontSize, (fontSize) => onChange({ ...widget, fontSize }), {
            min: 6,
            max: 400,
          })}
          <Field label={t(`${f}.showUnit`)}>
            <Switch
              size="small"
              aria-label={t(`${f}.showUnit`)}
              checked={widget.showUnit}
              disabled={disabled}
              onChange={(showUnit) => onChange({ ...widget, showUnit })}
            />
          </Field>
          {colour('color', widget.color, (color) => onChange({ ...widget, color }))}
          {colour('alarmColor', widget.alarmColor, (alarmColor) => onChange({ ...widget, alarmColor }))}
        </>
      );
    case 'gauge':
    case 'level':
      return (
        <>
          {number('min', widget.min, (min) => onChange({ ...widget, min }))}
          {number('max', widget.max, (max) => onChange({ ...widget, max }))}
          {widget.kind === 'level' && (
            <>
              <Field label={t(`${f}.orientation`)}>
                <Segmented
                  size="small"
                  value={widget.orientation}
                  disabled={disabled}
                  onChange={(orientation) => onChange({ ...widget, orientation })}
                  options={(['vertical', 'horizontal'] as const).map((v) => ({
                    value: v,
                    label: t(`${f}.orientations.${v}`),
                  }))}
                />
              </Field>
              {colour('fill', widget.fill, (fill) => onChange({ ...widget, fill }))}
            </>
          )}
        </>
      );
    case 'trend':
      return (
        <>
          {number('minutes', widget.minutes, (minutes) => onChange({ ...widget, minutes }), {
            min: 1,
            max: 1440,
            integer: true,
          })}
          {colour('color', widget.color, (color) => onChange({ ...widget, color }))}
        </>
      );
    case 'setpoint':
      return number('step', widget.step, (step) => onChange({ ...widget, step }), {
        min: 0.0001,
        max: 10_000,
      });
    case 'text':
      return (
        <>
          <Field label={t(`${f}.text`)}>
            <TextField
              label={t(`${f}.text`)}
              value={widget.text}
              maxLength={500}
              multiline
              disabled={disabled}
              onCommit={(text) => onChange({ ...widget, text })}
            />
          </Field>
          {number('fontSize', widget.fontSize, (fontSize) => onChange({ ...widget, fontSize }), {
            min: 6,
            max: 400,
          })}
          {colour('color', widget.color, (color) => onChange({ ...widget, color }))}
          <Field label={t(`${f}.textAlign`)}>
            <Segmented
              size="small"
              value={widget.align}
              disabled={disabled}
              onChange={(align) => onChange({ ...widget, align })}
              options={(['left', 'center', 'right'] as const).map((v) => ({
                value: v,
                label: t(`${f}.aligns.${v}`),
              }))}
            />
          </Field>
        </>
      );
    case 'image':
      return <ImageFields widget={widget} palette={palette} onChange={onChange} disabled={disabled} />;
    case 'pipe':
      return <PipeFields widget={widget} palette={palette} onChange={onChange} disabled={disabled} />;
    case 'status':
      return null;
  }
}
