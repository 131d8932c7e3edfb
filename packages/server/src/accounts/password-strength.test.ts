/** The administrator password rule of ADMIN_PASSWORD: each bound at it and one past it. */
import { describe, expect, it } from 'vitest';
import { adminPasswordWeakness, MIN_ADMIN_PASSWORD_LENGTH } from './password-strength.js';

describe('adminPasswordWeakness', () => {
  it('wants 12 characters at least, counted as characters, not bytes', () => {
    expect(MIN_ADMIN_PASSWORD_LENGTH).toBe(12);
    expect(adminPasswordWeakness('Ab1!Ab1!Ab1', 'root')).toBe('it has fewer than 12 characters');
    expect(adminPasswordWeakness('Ab1!Ab1!Ab1!', 'root')).toBeNull();
    // Eleven characters of which some take several bytes or UTF-16 units.
    expect(adminPasswordWeakness('Ab1!Ab1!Ab😀', 'root')).toBe('it has fewer than 12 characters');
    expect(adminPasswordWeakness('Ab1!Ab1!Ab1😀', 'root')).toBeNull();
  });

  it('wants 3 of the 4 kinds: lower case, upper case, digits, others', () => {
    const kinds = /at least 3 of these kinds/;
    expect(adminPasswordWeakness('abcdefghijkl', 'root')).toMatch(kinds);
    expect(adminPasswordWeakness('abcdefghij12', 'root')).toMatch(kinds);
    expect(adminPasswordWeakness('ABCDEFGHIJ!!', 'root')).toMatch(kinds);
    expect(adminPasswordWeakness('abcdefghiJ12', 'root')).toBeNull();
    expect(adminPasswordWeakness('abcdefghij1!', 'root')).toBeNull();
    expect(adminPasswordWeakness('ABCDEFGHIJ1 ', 'root')).toBeNull();
    // Letters of other scripts count by their case; Han characters are of the fourth kind.
    expect(adminPasswordWeakness('ÄÖÜäöü123456', 'root')).toBeNull();
    expect(adminPasswordWeakness('管理员密码abcdef12', 'root')).toBeNull();
  });

  it('refuses a password that contains the user name in any case', () => {
    expect(adminPasswordWeakness('xx-RootUser-9', 'rootuser')).toBe('it contains the user name');
    expect(adminPasswordWeakness('xx-RootUsr-99', 'rootuser')).toBeNull();
  });

  it('refuses well-known passwords in any case', () => {
    for (const known of ['Password123!', 'P@ssw0rd1234', 'Admin@123456', 'Qwerty123456!', 'Fieldlink123!']) {
      expect(adminPasswordWeakness(known, 'root'), known).toBe('it is a well-known password');
    }
  });
});
