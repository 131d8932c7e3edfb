/**
 * Driving the schedule editors in component tests: decoding the protocol's hand vectors, typing
 * numbers and times, ticking boxes, picking a select option, and a fast-check arbitrary of every
 * schedule rule built from the protocol's arbitraries.
 */
import { decodeRule, encodeRule, toHex } from '@fieldlink/protocol';
import type { RuleKind, RuleOf, ScheduleRule } from '@fieldlink/protocol';
import { fireEvent, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { fixedPointArb, outputArb } from '../../../../../protocol/src/test-support/arbitraries';

export function decodeAs<K extends RuleKind>(kind: K, bytes: readonly number[]): RuleOf<K> {
  const rule = decodeRule(kind, Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
}

export const hexOf = <K extends RuleKind>(kind: K, rule: RuleOf<K>): string => toHex(encodeRule(kind, rule));
export const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));

/** The element of a test id, inside `root` when given. */
export const part = (testId: string, root?: HTMLElement): HTMLElement =>
  root ? within(root).getByTestId(testId) : screen.getByTestId(testId);

// Role queries pass `hidden: true`: the accessibility check they skip computes the style of every
// ancestor, which takes most of a test's time in jsdom under antd's style sheets.
export const numberIn = (el: HTMLElement): HTMLInputElement =>
  within(el).getByRole('spinbutton', { hidden: true });

export function typeNumber(input: HTMLInputElement, value: number | ''): void {
  fireEvent.change(input, { target: { value: String(value) } });
}

export const boxIn = (el: HTMLElement, label: string): HTMLInputElement => within(el).getByLabelText(label);

export function click(el: HTMLElement): void {
  fireEvent.click(el);
}

/** Types a time into the picker inside `el` and confirms it with Enter. */
export function typeTime(el: HTMLElement, text: string): void {
  const input = within(el).getByRole('textbox', { hidden: true });
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** Opens the select inside `el` and picks the option titled `title`. */
export async function choose(el: HTMLElement, title: string): Promise<void> {
  fireEvent.mouseDown(within(el).getByRole('combobox', { hidden: true }));
  const options = await screen.findAllByTitle(title);
  const option = options.find((o) => o.classList.contains('ant-select-item-option')) ?? options[0]!;
  fireEvent.click(option);
}

/** The inputs and buttons in `root` a user could still use. */
export function enabledControls(root: HTMLElement): Element[] {
  return [...root.querySelectorAll('input, button')].filter(
    (el) => !(el as HTMLInputElement | HTMLButtonElement).disabled,
  );
}

const byte = fc.integer({ min: 0, max: 255 });
const sortedSet = (max: number): fc.Arbitrary<number[]> =>
  fc.uniqueArray(fc.integer({ min: 0, max })).map((xs) => [...xs].sort((a, b) => a - b));
const base = { dev: byte, more: fc.boolean() };

/** Every schedule rule a device can hold, each field over its full byte range. */
export const scheduleArb: fc.Arbitrary<ScheduleRule> = fc.oneof(
  fc.record({ ...base, mode: fc.constant(0 as const) }),
  fc.record({ ...base, mode: fc.constant(1 as const), at: fixedPointArb, output: outputArb }),
  fc.record({
    ...base,
    mode: fc.constant(2 as const),
    weekly: fc.record({ weekdays: sortedSet(6), hours: sortedSet(23), minute: byte, second: byte }),
    output: outputArb,
  }),
  fc.record({
    ...base,
    mode: fc.constant(3 as const),
    interval: fc.record({ begin: fixedPointArb, end: fixedPointArb }),
  }),
  fc.record({
    ...base,
    mode: fc.constant(4 as const),
    window: fc.record({
      weekdays: sortedSet(6),
      beginHour: byte,
      beginMinute: byte,
      endHour: byte,
      endMinute: byte,
    }),
    output: outputArb,
  }),
  fc
    .tuple(fc.integer({ min: 5, max: 7 }), fc.uint8Array({ minLength: 14, maxLength: 14 }))
    .map(([mode, b]) => {
      const bytes = Uint8Array.from(b);
      bytes[2] = (mode << 5) | (bytes[2]! & 0x1f);
      return decodeAs('schedule', [...bytes]);
    }),
);
