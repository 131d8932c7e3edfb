/** Events shaped like the server's (GET /equipment/:id/events, GET /me/events). */
import type { EquipmentEvent } from '../../api/events';

/** An analog high alarm on AI1 of equipment 1, at `at`; overrides set the rest. */
export function sampleEvent(overrides: Partial<EquipmentEvent> & { readonly id: number }): EquipmentEvent {
  return {
    equipmentId: 1,
    kind: 'alarm',
    channel: 'AI1',
    channelKind: 'ai',
    index: 0,
    level: 1,
    value: 5,
    message: `event ${overrides.id}`,
    detail: null,
    userId: null,
    at: '2026-01-05T08:00:00.000Z',
    time: '2026-01-05 16:00:00',
    ...overrides,
  };
}

/** A reply of an events call holding `items`. */
export const eventsReply = (items: readonly EquipmentEvent[]) => ({ items, total: items.length });
