/** ADMIN_USER and ADMIN_PASSWORD: both or neither, a valid name, a strong password, never echoed. */
import { describe, expect, it } from 'vitest';
import { adminAccountOf, loadConfig } from './config.js';

const STRONG = 'Kettle-Lamp-42';

describe('the first administrator settings', () => {
  it('are none by default: there is no built-in administrator', () => {
    expect(loadConfig({}).admin).toBeNull();
    expect(adminAccountOf({ ADMIN_USER: ' ', ADMIN_PASSWORD: '' })).toBeNull();
  });

  it('give the name (trimmed) and the password as they are', () => {
    expect(loadConfig({ ADMIN_USER: ' ops ', ADMIN_PASSWORD: ` ${STRONG}` }).admin).toEqual({
      userName: 'ops',
      password: ` ${STRONG}`,
    });
  });

  it('refuse one without the other', () => {
    expect(() => adminAccountOf({ ADMIN_USER: 'ops' })).toThrow(/ADMIN_USER and ADMIN_PASSWORD go together/);
    expect(() => adminAccountOf({ ADMIN_PASSWORD: STRONG })).toThrow(
      /ADMIN_USER and ADMIN_PASSWORD go together/,
    );
  });

  it('refuse a user name that could not be registered', () => {
    for (const bad of ['two words', 'a'.repeat(33), 'naïve']) {
      expect(() => adminAccountOf({ ADMIN_USER: bad, ADMIN_PASSWORD: STRONG }), bad).toThrow(
        /ADMIN_USER must be/,
      );
    }
    expect(adminAccountOf({ ADMIN_USER: 'a'.repeat(32), ADMIN_PASSWORD: STRONG })?.userName).toHaveLength(32);
  });

  it('refuse a weak or overlong password without repeating it', () => {
    for (const weak of ['Short1!', 'alllowercase12', 'ops-Kettle-42!', 'Password123!']) {
      let message = '';
      try {
        adminAccountOf({ ADMIN_USER: 'ops', ADMIN_PASSWORD: weak });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, weak).toMatch(/^ADMIN_PASSWORD is too weak \(.+\): use at least 12 characters/);
      expect(message).not.toContain(weak);
    }
    expect(() => adminAccountOf({ ADMIN_USER: 'ops', ADMIN_PASSWORD: `Aa1!${'x'.repeat(125)}` })).toThrow(
      /at most 128/,
    );
    expect(adminAccountOf({ ADMIN_USER: 'ops', ADMIN_PASSWORD: `Aa1!${'x'.repeat(124)}` })).not.toBeNull();
  });
});
