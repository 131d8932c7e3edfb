/**
 * The eleven widget kinds as the editor offers them: the order of the palette, the size and
 * fields a new one starts with (the format's defaults), the channel kinds its binding may name,
 * and the ids new widgets get.
 */
import type { DiagramChannelKind, WidgetKind } from '@fieldlink/protocol';
import type { DraftWidget } from './draft';

export const WIDGET_KINDS: readonly WidgetKind[] = [
  'switch',
  'lamp',
  'value',
  'gauge',
  'level',
  'trend',
  'setpoint',
  'text',
  'image',
  'pipe',
  'status',
];

/** The size a new widget of each kind starts with, in canvas pixels. */
export const DEFAULT_SIZE: Readonly<Record<WidgetKind, { readonly width: number; readonly height: number }>> =
  {
    switch: { width: 160, height: 48 },
    lamp: { width: 48, height: 48 },
    value: { width: 160, height: 48 },
    gauge: { width: 160, height: 160 },
    level: { width: 60, height: 160 },
    trend: { width: 240, height: 100 },
    setpoint: { width: 180, height: 48 },
    text: { width: 200, height: 40 },
    image: { width: 160, height: 120 },
    pipe: { width: 200, height: 16 },
    status: { width: 160, height: 40 },
  };

/**
 * The channel kinds a widget's binding may name; 'equipment' for a whole equipment (a status
 * badge); null for a widget bound to nothing (text, image; a pipe's flow is optional, see
 * FLOW_KINDS).
 */
export function bindingKinds(kind: WidgetKind): readonly DiagramChannelKind[] | 'equipment' | null {
  switch (kind) {
    case 'switch':
      return ['do'];
    case 'lamp':
      return ['do', 'di'];
    case 'value':
    case 'gauge':
    case 'level':
    case 'trend':
      return ['ai', 'ao'];
    case 'setpoint':
      return ['ao'];
    case 'status':
      return 'equipment';
    case 'text':
    case 'image':
    case 'pipe':
      return null;
  }
}

/** A pipe's flow may follow any channel (on, or above its threshold). */
export const FLOW_KINDS: readonly DiagramChannelKind[] = ['do', 'di', 'ai', 'ao'];

/** The smallest `${kind}${n}` (n from 1) no widget uses. */
export function nextId(kind: WidgetKind, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${kind}${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A new widget of `kind` with its top-left corner at (x, y), on `layer`, unbound when its kind
 * needs a binding; `text` is a new text widget's words (in the user's language).
 */
export function newWidget(
  kind: WidgetKind,
  id: string,
  at: { readonly x: number; readonly y: number; readonly layer: number },
  text: string,
): DraftWidget {
  const { width, height } = DEFAULT_SIZE[kind];
  const frame = {
    id,
    x: at.x,
    y: at.y,
    width,
    height,
    rotation: 0,
    layer: at.layer,
    locked: false,
    hidden: false,
  };
  switch (kind) {
    case 'switch':
      return { ...frame, kind, binding: null, label: '' };
    case 'lamp':
      return { ...frame, kind, binding: null, onColor: '#52c41a', offColor: '#bfbfbf' };
    case 'value':
      return {
        ...frame,
        kind,
        binding: null,
        decimals: 1,
        showUnit: true,
        fontSize: 16,
        color: '#1f1f1f',
        alarmColor: '#ff4d4f',
      };
    case 'gauge':
      return { ...frame, kind, binding: null, min: 0, max: 100 };
    case 'level':
      return { ...frame, kind, binding: null, min: 0, max: 100, orientation: 'vertical', fill: '#1677ff' };
    case 'trend':
      return { ...frame, kind, binding: null, minutes: 60, color: '#1677ff' };
    case 'setpoint':
      return { ...frame, kind, binding: null, step: 1 };
    case 'text':
      return { ...frame, kind, text, fontSize: 16, color: '#1f1f1f', align: 'left' };
    case 'image':
      return { ...frame, kind, src: '', fit: 'contain' };
    case 'pipe':
      return {
        ...frame,
        kind,
        points: [
          { x: 0, y: height / 2 },
          { x: width, y: height / 2 },
        ],
        thickness: 8,
        color: '#8c8c8c',
        flowColor: '#1677ff',
        flow: null,
        threshold: 0,
      };
    case 'status':
      return { ...frame, kind, binding: null };
  }
}
