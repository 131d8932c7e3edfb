// docs/protocol.md § REST contract: the sharing contract both the server and the console hold to
// (the routes: docs/api.md § Sharing).
import { describe, expect, it } from 'vitest';
import {
  canonicalShareCode,
  GrantPage,
  GrantPatch,
  SHARE_CODE_ALPHABET,
  SHARE_CODE_LENGTH,
  ShareCodeCreate,
  ShareCodeCreated,
  ShareCodePage,
  ShareCodeRedeem,
  ShareCodeRedeemed,
} from './sharing.js';
import {
  SAMPLE_SHARE_CODE as CODE,
  sampleGrantItem,
  sampleShareCodeCreated,
  sampleShareCodeItem,
} from '../test-support/sharing.js';

describe('share code written form', () => {
  it('is 26 characters of Crockford base32', () => {
    expect(SHARE_CODE_ALPHABET).toHaveLength(32);
    expect(SHARE_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(SHARE_CODE_LENGTH).toBe(26);
  });

  it('reads case, spaces, dashes and look-alikes as the canonical code', () => {
    expect(canonicalShareCode(CODE)).toBe(CODE);
    expect(canonicalShareCode('o123-4567 89ab-cdef ghjk-mnpq-rs')).toBe(CODE);
    expect(canonicalShareCode('0l23456789abcdefghjkmnpqrs')).toBe(CODE);
    expect(canonicalShareCode('0i23456789abcdefghjkmnpqrs')).toBe(CODE);
  });

  it('takes exactly 26 characters: one short or one over is no code', () => {
    expect(canonicalShareCode(CODE.slice(0, 25))).toBeNull();
    expect(canonicalShareCode(`${CODE}T`)).toBeNull();
    expect(canonicalShareCode('')).toBeNull();
    expect(canonicalShareCode('U'.repeat(26))).toBeNull();
    expect(canonicalShareCode('!'.repeat(26))).toBeNull();
  });
});

describe('issuing a code', () => {
  it('fills the defaults and keeps maxCount within 1-1000', () => {
    expect(ShareCodeCreate.parse({ level: 'read', validity: '1d' })).toEqual({
      level: 'read',
      validity: '1d',
      maxCount: 1,
      camera: false,
      slaves: false,
    });
    for (const maxCount of [1, 1000]) {
      expect(ShareCodeCreate.safeParse({ level: 'read', validity: '1h', maxCount }).success).toBe(true);
    }
    for (const maxCount of [0, 1001, 1.5]) {
      expect(ShareCodeCreate.safeParse({ level: 'read', validity: '1h', maxCount }).success).toBe(false);
    }
  });

  it('refuses unknown tiers, validities and fields', () => {
    expect(ShareCodeCreate.safeParse({ level: 'owner', validity: '1d' }).success).toBe(false);
    expect(ShareCodeCreate.safeParse({ level: 'read', validity: '2d' }).success).toBe(false);
    expect(ShareCodeCreate.safeParse({ level: 'read', validity: '1d', extra: 1 }).success).toBe(false);
  });

  it('describes the reply with the code and its link', () => {
    const reply = sampleShareCodeCreated();
    expect(ShareCodeCreated.parse(reply)).toEqual(reply);
    expect(ShareCodeCreated.safeParse({ ...reply, expiresAt: 'tomorrow' }).success).toBe(false);
  });
});

describe('redeeming a code', () => {
  it('takes 1-128 characters of any text (the server tells malformed from wrong)', () => {
    expect(ShareCodeRedeem.safeParse({ code: 'x' }).success).toBe(true);
    expect(ShareCodeRedeem.safeParse({ code: 'x'.repeat(128) }).success).toBe(true);
    expect(ShareCodeRedeem.safeParse({ code: '' }).success).toBe(false);
    expect(ShareCodeRedeem.safeParse({ code: 'x'.repeat(129) }).success).toBe(false);
    expect(ShareCodeRedeem.safeParse({ code: CODE, more: true }).success).toBe(false);
  });

  it('describes the grant the caller now holds', () => {
    const reply = {
      equipmentId: 1,
      grantId: 9,
      level: 'operate',
      camera: true,
      slaves: false,
      expiresAt: null,
    };
    expect(ShareCodeRedeemed.parse(reply)).toEqual(reply);
    expect(ShareCodeRedeemed.safeParse({ ...reply, level: 'owner' }).success).toBe(false);
    expect(ShareCodeRedeemed.safeParse({ ...reply, equipmentId: '1' }).success).toBe(false);
  });
});

describe("the owner's lists", () => {
  const codeItem = sampleShareCodeItem();
  const grantItem = sampleGrantItem();

  it('describes a page of codes as docs/api.md shows it', () => {
    const page = { items: [codeItem], total: 1 };
    expect(ShareCodePage.parse(page)).toEqual(page);
    expect(ShareCodePage.safeParse({ items: [{ ...codeItem, validity: '2d' }], total: 1 }).success).toBe(
      false,
    );
    expect(ShareCodePage.safeParse({ items: [codeItem] }).success).toBe(false);
  });

  it('describes a page of grants, a grant whose code is gone too', () => {
    const page = {
      items: [grantItem, { ...grantItem, id: 32, shareCodeId: null, expiresAt: null }],
      total: 2,
    };
    expect(GrantPage.parse(page)).toEqual(page);
    expect(GrantPage.safeParse({ items: [{ ...grantItem, userName: 3 }], total: 1 }).success).toBe(false);
  });

  it('takes any of level, camera, slaves and end in a change, and nothing else', () => {
    expect(GrantPatch.parse({})).toEqual({});
    const change = { level: 'read', camera: true, slaves: false, expiresAt: null };
    expect(GrantPatch.parse(change)).toEqual(change);
    expect(GrantPatch.safeParse({ expiresAt: '2026-02-01T00:00:00.000Z' }).success).toBe(true);
    expect(GrantPatch.safeParse({ expiresAt: 'next week' }).success).toBe(false);
    expect(GrantPatch.safeParse({ level: 'owner' }).success).toBe(false);
    expect(GrantPatch.safeParse({ userId: 9 }).success).toBe(false);
  });
});
