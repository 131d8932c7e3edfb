/**
 * Short-lived stream tokens: the expiry time and an HMAC over camera and expiry, so the stream
 * endpoint checks a token without remembering it (the cloud may hand out many).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class StreamTokens {
  private readonly key = randomBytes(32);

  constructor(
    private readonly lifetimeMs: number,
    private readonly now: () => number,
  ) {}

  issue(serial: string, channel: number): { token: string; expireTime: number } {
    const expireTime = this.now() + this.lifetimeMs;
    return { token: `${expireTime}.${this.sign(serial, channel, expireTime)}`, expireTime };
  }

  /** Whether `token` was issued for this camera and has not expired. */
  check(token: string | null, serial: string, channel: number): boolean {
    const match = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(token ?? '');
    if (!match) return false;
    const expireTime = Number(match[1]);
    if (expireTime <= this.now()) return false;
    const expected = Buffer.from(this.sign(serial, channel, expireTime), 'hex');
    return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
  }

  private sign(serial: string, channel: number, expireTime: number): string {
    return createHmac('sha256', this.key).update(`${serial}\n${channel}\n${expireTime}`).digest('hex');
  }
}
