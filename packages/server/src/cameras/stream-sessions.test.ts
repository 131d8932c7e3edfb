import { describe, expect, it } from 'vitest';
import { HLS_IDLE_MS, MAX_STREAMS_PER_USER, StreamSessions } from './stream-sessions.js';

const claims = (userId: number) => ({ equipmentId: 1, userId, familyId: 'f', expiresAt: 0 });

describe('StreamSessions', () => {
  it('caps each user at 8 by default, MJPEG streams and HLS sessions together, others apart', () => {
    let clock = 0;
    const sessions = new StreamSessions(MAX_STREAMS_PER_USER, () => clock);
    expect(MAX_STREAMS_PER_USER).toBe(8);
    const releases = Array.from({ length: 7 }, () => sessions.take(1));
    expect(releases.every((r) => r !== null)).toBe(true);
    expect(sessions.startHls('t1', claims(1))).toBe(true);
    expect(sessions.take(1)).toBeNull();
    expect(sessions.startHls('t2', claims(1))).toBe(false);
    expect(sessions.startHls('t1', claims(1))).toBe(true);
    expect(sessions.take(2)).not.toBeNull();
    releases[0]?.();
    releases[0]?.();
    expect(sessions.count(1)).toBe(7);
    clock += HLS_IDLE_MS + 1;
    expect(sessions.count(1)).toBe(6);
  });

  it('goes on with an HLS session while it is fetched, and forgets it once idle', () => {
    let clock = 0;
    const sessions = new StreamSessions(2, () => clock);
    sessions.startHls('t', claims(5));
    for (let i = 0; i < 20; i++) {
      clock += HLS_IDLE_MS;
      expect(sessions.continueHls('t')).toEqual(claims(5));
    }
    clock += HLS_IDLE_MS + 1;
    expect(sessions.continueHls('t')).toBeUndefined();
    expect(sessions.count(5)).toBe(0);
    sessions.startHls('a', claims(6));
    sessions.endHls('a', 6);
    expect(sessions.continueHls('a')).toBeUndefined();
  });
});
