/**
 * How a bound mesh looks for a reading, apart from three.js so each rule is tested alone
 * (docs/protocol.md § Diagram documents, `scene`). One rule semantics for scene bindings:
 * - the state: a DO/DI is on when its reading is on; an AI/AO is on at or above `threshold`;
 *   'unknown' until the device has reported the kind; 'no-equipment' when the user may not read
 *   the bound equipment or it was removed, 'no-channel' when it has no such channel;
 * - `color`: the `on` colour when on, else `off` (the mesh's own colour when `off` is not set);
 * - `visibility`: shown when on, hidden when off;
 * - `label`: the reading as text above the mesh: On/Off, or the value with `decimals` and its unit.
 * A mesh whose state is not known is drawn grey and kept shown, whatever its rule: the user sees
 * that it is not known rather than a colour or an absence that would mean something.
 * Whether a channel is on is the SVG element rules' `isActive` (svg/element-rules.ts).
 */
import type { ElementBinding, ElementRule } from '@fieldlink/protocol';
import { isActive } from '../svg/element-rules';
import { NO_VALUE, readingOf } from '../values';
import type { ChannelReading, DiagramValues } from '../values';

export type MeshState = 'on' | 'off' | 'unknown' | 'no-equipment' | 'no-channel';

/** The on colour when a rule gives none (the lamp widget's). */
export const DEFAULT_ON = '#52c41a';
/** What a mesh of an unknown state is painted. */
export const UNKNOWN_COLOR = '#8c8c8c';

/** What one mesh shows; fields a rule does not set stay as the file has them. */
export interface MeshLook {
  /** The state of the first binding of the mesh (the one the mesh list shows). */
  readonly state: MeshState;
  /** A colour as #rrggbb (or #rgb, #rrggbbaa); null: the mesh's own. */
  readonly color: string | null;
  readonly visible: boolean;
  /** Text drawn above the mesh; null: none. */
  readonly label: string | null;
}

/** On, off, or not known, of a channel reading by the rule's threshold. */
export function readingState(reading: ChannelReading | undefined, threshold: number): MeshState {
  if (!reading) return 'no-channel';
  // The SVG element rules' test of a channel, so a drawing and a scene agree at the threshold.
  const active = isActive(reading, threshold);
  return active === undefined ? 'unknown' : active ? 'on' : 'off';
}

/** The label of a reading: its On/Off words, or its value with `decimals` and the unit. */
export function labelText(reading: ChannelReading | undefined, decimals: number): string {
  if (!reading) return NO_VALUE;
  if (reading.value === undefined || !Number.isFinite(reading.value)) return reading.text;
  const shown = reading.value.toFixed(decimals);
  return reading.unit ? `${shown} ${reading.unit}` : shown;
}

const known = (state: MeshState): boolean => state === 'on' || state === 'off';

/** The state of one binding with the values at hand. */
export function bindingState(
  bound: Pick<ElementBinding, 'binding' | 'rule'>,
  values: DiagramValues,
): MeshState {
  if (!values.has(bound.binding.equipmentId)) return 'no-equipment';
  if (bound.binding.channel === null) return 'no-channel';
  return readingState(readingOf(values, bound.binding), bound.rule.threshold);
}

/** One rule applied over what the mesh shows so far. */
function applyRule(
  look: MeshLook,
  rule: ElementRule,
  state: MeshState,
  reading: ChannelReading | undefined,
): MeshLook {
  // 'text' is an SVG element's property; on a mesh it is its label.
  const label = rule.property === 'label' || rule.property === 'text';
  if (!known(state)) {
    return {
      ...look,
      color: UNKNOWN_COLOR,
      visible: true,
      label: label ? labelText(state === 'unknown' ? reading : undefined, rule.decimals) : look.label,
    };
  }
  if (label) return { ...look, label: labelText(reading, rule.decimals) };
  if (rule.property === 'visibility') return { ...look, visible: state === 'on' };
  return { ...look, color: state === 'on' ? (rule.on ?? DEFAULT_ON) : (rule.off ?? null) };
}

/**
 * What each bound mesh shows, by its name: the bindings of one mesh applied in document order (a
 * mesh may follow one channel with its colour and show another as its label). A mesh of an
 * equipment the values do not know is grey, with '—' for a label.
 */
export function sceneLooks(
  bindings: readonly Pick<ElementBinding, 'target' | 'binding' | 'rule'>[],
  values: DiagramValues,
): Map<string, MeshLook> {
  const looks = new Map<string, MeshLook>();
  for (const bound of bindings) {
    const state = bindingState(bound, values);
    const before = looks.get(bound.target) ?? { state, color: null, visible: true, label: null };
    const reading = state === 'no-equipment' ? undefined : readingOf(values, bound.binding);
    looks.set(bound.target, applyRule(before, bound.rule, state, reading));
  }
  return looks;
}
