/** What every widget component is given, and the operations a diagram asks its page for. */
import type { Binding, Widget } from '@fieldlink/protocol';

export type WidgetOf<K extends Widget['kind']> = Extract<Widget, { kind: K }>;

/**
 * An operation a widget asks for: a switch opens (turns on) or closes its output; a setpoint
 * writes its output's new value in the shown (scaled) unit. The page carries it out.
 */
export type DiagramOperation =
  | { readonly binding: Binding; readonly action: 'open' | 'close' }
  | { readonly binding: Binding; readonly action: 'write'; readonly value: number };

export type Operate = (operation: DiagramOperation) => void;

/** The view's words in the user's language, resolved once per language rather than per widget. */
export interface ViewWords {
  readonly on: string;
  readonly off: string;
  readonly online: string;
  readonly offline: string;
  readonly alarm: string;
  readonly noValue: string;
  readonly unknown: string;
  readonly picture: string;
  /** '{name}: {state}'. */
  readonly state: (name: string, state: string) => string;
  readonly decrease: (name: string, step: number) => string;
  readonly increase: (name: string, step: number) => string;
}

/** The channel's passage ('DO1') when it has no name to show. */
export function passageOf(binding: Binding): string {
  return binding.channel ? `${binding.channel.kind.toUpperCase()}${binding.channel.index}` : '';
}

/** Why a widget shows '—': its equipment is unknown (no right, or removed), or has no value yet. */
export const missingWord = (words: ViewWords, known: boolean): string =>
  known ? words.noValue : words.unknown;
