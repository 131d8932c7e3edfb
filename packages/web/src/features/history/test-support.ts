/**
 * Events shaped like the server's (GET /equipment/:id/events, GET /me/events), and reaching into
 * the filter bar's selects.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import type { EquipmentEvent } from '../../api/events';

/**
 * An analog high alarm on AI1 of equipment 1, at `at`; overrides set the rest. Given a `time` (`yyyy-MM-dd HH:mm:ss` as the server writes it in its default zone,
 * Asia/Shanghai) and no `at`, its `at` is that time's instant, so the two agree.
 */
export function sampleEvent(overrides: Partial<EquipmentEvent> & { readonly id: number }): EquipmentEvent {
  const time = overrides.time;
  const derived =
    overrides.at === undefined && time !== undefined && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(time)
      ? { at: new Date(`${time.replace(' ', 'T')}+08:00`).toISOString() }
      : {};
  return {
    equipmentId: 1,
    kind: 'alarm',
    channel: 'AI1',
    channelKind: 'ai',
    index: 0,
    level: 1,
    value: 5,
    message: `event ${overrides.id}`,
    detail: {},
    userId: null,
    at: '2026-01-05T08:00:00.000Z',
    time: '2026-01-05 16:00:00',
    ...derived,
    ...overrides,
  };
}

/** A reply of an events call holding `items`. */
export const eventsReply = (items: readonly EquipmentEvent[]) => ({ items, total: items.length });

/** Opens an antd select by its label and returns its dropdown. */
export async function open(label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  await act(async () => {
    fireEvent.mouseDown(box);
  });
  const dropdowns = document.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  return dropdowns[dropdowns.length - 1]!;
}

/** The option of an open dropdown showing `title`. */
export function option(dropdown: HTMLElement, title: string): HTMLElement {
  const found = dropdown.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
  if (!found) throw new Error(`no option ${title}`);
  return found;
}
