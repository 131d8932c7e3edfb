/**
 * Driving the antd controls of a rule editor in a component test by the test ids of its fields
 * (`rule-<field>`): pick an option of a field's select, type into its number or text box, and
 * list the controls a read-only editor must have disabled. Controls are found by selector, not by
 * role: a role query computes every element's style against antd's CSS, which is slow in jsdom.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RuleEditorProps } from '../context';

/** The field wrapper with this test id. */
export const field = (testId: string): HTMLElement => screen.getByTestId(testId);

/** The `index`th element inside a field that matches `selector`. */
export function controlIn<E extends Element = HTMLInputElement>(
  testId: string,
  selector: string,
  index = 0,
): E {
  const control = field(testId).querySelectorAll<E>(selector)[index];
  if (!control) throw new Error(`no ${selector} ${index} in ${testId}`);
  return control;
}

/** The `index`th number box inside a field. */
export const numberIn = (testId: string, index = 0): HTMLInputElement =>
  controlIn(testId, 'input[role="spinbutton"]', index);

/** The `index`th text box inside a field. */
export const textIn = (testId: string, index = 0): HTMLInputElement =>
  controlIn(testId, 'input[type="text"]:not([role])', index);

/** The switch inside a field. */
export const switchIn = (testId: string): HTMLButtonElement => controlIn(testId, 'button[role="switch"]');

/** The `index`th check box inside a field. */
export const checkboxIn = (testId: string, index = 0): HTMLInputElement =>
  controlIn(testId, 'input[type="checkbox"]', index);

/** Types a number (or clears the box for null) as the user does. */
export function typeNumber(box: HTMLInputElement, value: number | null): void {
  fireEvent.change(box, { target: { value: value === null ? '' : String(value) } });
}

/** Types text into a text box. */
export function typeText(box: HTMLInputElement, value: string): void {
  fireEvent.change(box, { target: { value } });
}

/** The select dropdowns open now (antd keeps closed ones in the page: hidden, or still leaving). */
const shownDropdowns = (): Element[] =>
  [...document.querySelectorAll('.ant-select-dropdown')].filter(
    (popup) =>
      !popup.classList.contains('ant-select-dropdown-hidden') &&
      ![...popup.classList].some((name) => name.endsWith('-leave')),
  );

/**
 * Opens the `index`th select inside a field and gives its dropdown with its combobox. In tests
 * every select has the same id, so the dropdown is found as the one that was not shown before.
 */
async function openSelect(testId: string, index: number): Promise<{ combo: HTMLElement; popup: Element }> {
  const combo = controlIn<HTMLElement>(testId, '[role="combobox"]', index);
  const before = new Set(shownDropdowns());
  const select = combo.closest('.ant-select') ?? combo;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? combo);
  const popup = await waitFor(() => {
    const opened = shownDropdowns().find((popup) => !before.has(popup));
    if (!opened) throw new Error(`select ${index} in ${testId} did not open`);
    return opened;
  });
  return { combo, popup };
}

/** Opens the `index`th select inside a field and picks the option titled `title`. */
export async function choose(testId: string, title: string, index = 0): Promise<void> {
  const { combo, popup } = await openSelect(testId, index);
  const option = [...popup.querySelectorAll('.ant-select-item-option')].find(
    (item) => item.getAttribute('title') === title,
  );
  if (!option) throw new Error(`no option "${title}" in ${testId}`);
  fireEvent.click(option);
  await closed(combo);
}

/** Waits for a select to close, so that the next mouse-down opens it rather than closing it. */
async function closed(combo: HTMLElement): Promise<void> {
  await waitFor(() => {
    if (combo.getAttribute('aria-expanded') === 'true') throw new Error('select still open');
  });
}

/** The options (titles) a field's `index`th select offers; the select is closed again. */
export async function optionsOf(testId: string, index = 0): Promise<string[]> {
  const { combo, popup } = await openSelect(testId, index);
  const titles = [...popup.querySelectorAll('.ant-select-item-option')].map(
    (item) => item.getAttribute('title') ?? '',
  );
  // A second mouse-down on the select closes it, as a click on it does in the browser.
  const select = combo.closest('.ant-select') ?? combo;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? combo);
  await closed(combo);
  return titles;
}

/** The form controls inside `root` that are not disabled. */
export function enabledControls(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input, button, textarea, [role="switch"]')].filter(
    (control) => !control.hasAttribute('disabled') && control.getAttribute('aria-disabled') !== 'true',
  );
}

/**
 * An editor over a list of rules that draws one `Editor` per rule, so that a test can draw many
 * rules (the hand vectors, a sample of random rules) in one render instead of one render each.
 */
export function editorOfMany<T, P extends object = object>(
  Editor: ComponentType<RuleEditorProps<T> & P>,
  extra?: P,
): ComponentType<RuleEditorProps<readonly T[]>> {
  return function Many({ value, onChange, context }: RuleEditorProps<readonly T[]>) {
    return value.map((rule, index) => (
      <div key={index} data-testid={`rule-item-${index}`}>
        <Editor
          {...(extra as P)}
          value={rule}
          context={context}
          onChange={(next: T) => onChange(value.map((old, i) => (i === index ? next : old)))}
        />
      </div>
    ));
  };
}
