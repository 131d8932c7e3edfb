/**
 * Driving the antd controls of the output and trigger editors in component tests by the test ids
 * of their fields (`rule-<field>`): pick an option, type a number, click a labelled radio or
 * checkbox, list the controls a read-only editor must have disabled, and draw many rules in one
 * render (rendering is what makes these tests slow).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RuleEditorProps } from '../context';

/** The field wrapper with this test id (the `index`th when several rules are drawn). */
export const field = (testId: string, index = 0): HTMLElement => {
  const found = screen.getAllByTestId(testId)[index];
  if (!found) throw new Error(`no field ${testId} #${index}`);
  return found;
};

// Role queries skip the accessibility check (`hidden: true`): with antd's style sheets in the page,
// jsdom's computed styles for it take most of a test's time.

/** The number box inside a field. */
export function numberIn(testId: string): HTMLInputElement {
  return within(field(testId)).getByRole('spinbutton', { hidden: true }) as HTMLInputElement;
}

/** Types a number (or clears the box for null) as the user does. */
export function typeNumber(box: HTMLInputElement, value: number | null): void {
  fireEvent.change(box, { target: { value: value === null ? '' : String(value) } });
}

/** Clicks the radio or checkbox labelled `label` inside a field. */
export function click(testId: string, label: string): void {
  fireEvent.click(within(field(testId)).getByLabelText(label));
}

/** Whether an element is in a dropdown that is shown (not hidden, not leaving). */
const inShownDropdown = (item: Element): boolean => {
  const popup = item.closest('.ant-select-dropdown');
  return (
    popup !== null &&
    !popup.classList.contains('ant-select-dropdown-hidden') &&
    ![...popup.classList].some((name) => name.endsWith('-leave'))
  );
};

/** Opens the select of a field and picks the option titled `title`, then waits for it to close. */
export async function choose(testId: string, title: string): Promise<void> {
  const combo = within(field(testId)).getByRole('combobox', { hidden: true });
  const select = combo.closest('.ant-select') ?? combo;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? combo);
  const option = await waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-select-item-option')].filter(
      (item) => item.getAttribute('title') === title && inShownDropdown(item),
    );
    const last = shown.at(-1);
    if (!last) throw new Error(`no option "${title}" in ${testId}`);
    return last;
  });
  fireEvent.click(option);
  await waitFor(() => {
    if (combo.getAttribute('aria-expanded') === 'true') throw new Error('select still open');
  });
}

/** The form controls inside `root` that are not disabled. */
export function enabledControls(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input, button, textarea, [role="switch"]')].filter(
    (control) => !control.hasAttribute('disabled') && control.getAttribute('aria-disabled') !== 'true',
  );
}

/** An editor over a list of rules that draws `Editor` once for each, for many rules in one render. */
export function editorOfMany<T>(
  Editor: ComponentType<RuleEditorProps<T>>,
): ComponentType<RuleEditorProps<readonly T[]>> {
  return function Many({ value, onChange, context }: RuleEditorProps<readonly T[]>) {
    return value.map((rule, index) => (
      // The rules are fixed places in the list, so the place is the key.
      <div key={index}>
        <Editor
          value={rule}
          context={context}
          onChange={(next) => onChange(value.map((old, i) => (i === index ? next : old)))}
        />
      </div>
    ));
  };
}
