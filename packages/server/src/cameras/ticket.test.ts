import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StreamTickets, streamTicketKey, TICKET_LIFETIME_MS, TICKET_PATTERN } from './ticket.js';

describe('stream tickets', () => {
  const serverKey = randomBytes(32);
  let clock = 1_700_000_000_000;
  const tickets = new StreamTickets(streamTicketKey(serverKey), () => clock);

  it('carry equipment, user and session until five minutes after issue, and no longer', () => {
    const family = '0b7e6f0e-3f7c-4a51-9d7e-2f1c0c9b8a71';
    const { ticket, expiresAt } = tickets.issue(12, 34, family);
    // Short enough for a path segment (Fastify's limit is 100 characters).
    expect(ticket.length).toBeLessThanOrEqual(80);
    expect(ticket).toMatch(TICKET_PATTERN);
    expect(expiresAt).toBe(clock + TICKET_LIFETIME_MS);
    expect(TICKET_LIFETIME_MS).toBe(300_000);
    expect(tickets.check(ticket)).toEqual({
      ok: true,
      claims: { equipmentId: 12, userId: 34, familyId: family, expiresAt },
    });
    clock += TICKET_LIFETIME_MS - 1;
    expect(tickets.check(ticket).ok).toBe(true);
    clock += 1;
    expect(tickets.check(ticket)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a changed payload, another key and garbage as forged', () => {
    const { ticket } = tickets.issue(1, 2, 'f');
    const [payload = '', signature = ''] = ticket.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes.writeBigUInt64BE(3n, 8);
    expect(tickets.check(`${bytes.toString('base64url')}.${signature}`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    const foreign = new StreamTickets(streamTicketKey(randomBytes(32)), () => clock);
    expect(foreign.check(ticket)).toEqual({ ok: false, reason: 'forged' });
    expect(tickets.check(`${payload}.${'A'.repeat(22)}`)).toEqual({ ok: false, reason: 'forged' });
    expect(tickets.check('nonsense')).toEqual({ ok: false, reason: 'forged' });
  });

  it('carry a session family that is not a UUID as its text', () => {
    const { ticket } = tickets.issue(2 ** 40, 7, 'family-1');
    expect(tickets.check(ticket)).toMatchObject({
      ok: true,
      claims: { equipmentId: 2 ** 40, familyId: 'family-1' },
    });
  });

  it('are keyed apart from the access tokens: the same server key gives another key', () => {
    expect(streamTicketKey(serverKey).equals(serverKey)).toBe(false);
    expect(streamTicketKey(serverKey)).toHaveLength(32);
  });
});
