/**
 * Sharing replies shaped as docs/api.md § Sharing shows them, for the REST contract's tests and the
 * console's (which import this file by its path: it is not part of the package).
 */
import type { GrantItem, ShareCodeCreated, ShareCodeItem } from '../api/sharing.js';

/** A well-formed share code (26 characters of the code alphabet). */
export const SAMPLE_SHARE_CODE = '0123456789ABCDEFGHJKMNPQRS';

/** A code just issued (`POST /equipment/:id/share-codes`): read-only for a day, once. */
export function sampleShareCodeCreated(overrides: Partial<ShareCodeCreated> = {}): ShareCodeCreated {
  return {
    id: 3,
    code: SAMPLE_SHARE_CODE,
    url: `http://localhost:3000/#/share?code=${SAMPLE_SHARE_CODE}`,
    expiresAt: '2026-11-27T14:00:00.000Z',
    level: 'read',
    validity: '1d',
    maxCount: 1,
    camera: false,
    slaves: false,
    ...overrides,
  };
}

/** One of the owner's codes (`GET /equipment/:id/share-codes`): operate for a week, 1 of 3 used. */
export function sampleShareCodeItem(overrides: Partial<ShareCodeItem> = {}): ShareCodeItem {
  return {
    id: 12,
    level: 'operate',
    validity: '1w',
    maxCount: 3,
    usedCount: 1,
    camera: false,
    slaves: false,
    expiresAt: '2026-01-12T08:00:00.000Z',
    revokedAt: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    createdBy: 7,
    ...overrides,
  };
}

/** bob's operate grant from code 12 (`GET /equipment/:id/grants`). */
export function sampleGrantItem(overrides: Partial<GrantItem> = {}): GrantItem {
  return {
    id: 31,
    userId: 9,
    userName: 'bob',
    level: 'operate',
    read: true,
    operate: true,
    edit: false,
    delete: false,
    camera: false,
    slaves: false,
    expiresAt: '2026-01-12T08:00:00.000Z',
    expired: false,
    createdAt: '2026-01-05T09:30:00.000Z',
    shareCodeId: 12,
    ...overrides,
  };
}
