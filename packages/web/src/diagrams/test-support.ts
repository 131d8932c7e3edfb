/** The diagram components' tests: antd's selects reached by their accessible name, in jsdom. */
import { act, fireEvent, screen } from '@testing-library/react';

/** jsdom lacks the layout observer and media queries antd uses; inert stand-ins. */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function installBrowserStubs(): void {
  globalThis.ResizeObserver ??= NoResizeObserver;
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Opens the select named `label` and returns its dropdown. */
export async function openSelect(label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  await act(async () => {
    fireEvent.mouseDown(box);
  });
  const dropdowns = document.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  const dropdown = dropdowns[dropdowns.length - 1];
  if (!dropdown) throw new Error(`select ${label} did not open`);
  return dropdown;
}

/** The titles of the options of an open dropdown. */
export const optionTitles = (dropdown: HTMLElement): string[] =>
  [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');

/** Chooses the option showing `title` in the select named `label`. */
export async function choose(label: string, title: string): Promise<void> {
  const dropdown = await openSelect(label);
  const option = dropdown.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
  if (!option) throw new Error(`no option ${title} in ${label}: ${optionTitles(dropdown).join(', ')}`);
  await act(async () => {
    fireEvent.click(option);
  });
}

/** The text the select named `label` shows as chosen ('' for none). */
export function chosen(label: string): string {
  const box = screen.getByRole('combobox', { name: label });
  const select = box.closest('.ant-select');
  return select?.querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? '';
}
