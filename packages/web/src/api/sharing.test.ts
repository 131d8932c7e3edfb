// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import {
  SAMPLE_SHARE_CODE,
  sampleGrantItem,
  sampleShareCodeCreated,
  sampleShareCodeItem,
} from '../../../protocol/src/test-support/sharing';
import { errorReply, mockFetch } from '../session/test-support';
import { ApiError } from './http';
import {
  createShareCode,
  giveUpAccess,
  listGrants,
  listShareCodes,
  redeemShareCode,
  removeGrant,
  revokeShareCode,
  updateGrant,
} from './sharing';

const CODE = SAMPLE_SHARE_CODE;
const CODE_ITEM = sampleShareCodeItem();
const GRANT = sampleGrantItem();
const REDEEMED = { equipmentId: 5, grantId: 9, level: 'read', camera: false, slaves: false, expiresAt: null };

describe('sharing calls', () => {
  let restore = (): void => undefined;
  beforeEach(() => useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' }));
  afterEach(() => {
    restore();
    useSession.getState().clear();
  });

  it('redeems a code with the bearer and returns the grant', async () => {
    const mock = mockFetch({ 'POST /share-codes/redeem': { body: REDEEMED } });
    restore = mock.restore;
    await expect(redeemShareCode(CODE)).resolves.toEqual(REDEEMED);
    expect(mock.calls).toEqual([
      { method: 'POST', path: '/share-codes/redeem', body: { code: CODE }, authorization: 'Bearer tok' },
    ]);
  });

  it('issues a code for one equipment', async () => {
    const created = sampleShareCodeCreated({ url: `http://localhost/#/share?code=${CODE}` });
    const mock = mockFetch({ 'POST /equipment/4/share-codes': { status: 201, body: created } });
    restore = mock.restore;
    await expect(createShareCode(4, { level: 'read', validity: '1d' })).resolves.toEqual(created);
    expect(mock.calls[0]?.body).toEqual({ level: 'read', validity: '1d' });
  });

  it('refuses, in development, a reply that is not what the contract says', async () => {
    restore = mockFetch({ 'POST /share-codes/redeem': { body: { ...REDEEMED, level: 'owner' } } }).restore;
    await expect(redeemShareCode(CODE)).rejects.toThrow(/level/);
  });

  it("passes the server's refusal on as an ApiError", async () => {
    restore = mockFetch({
      'POST /share-codes/redeem': errorReply(404, 'not_found', 'share code invalid or expired'),
    }).restore;
    const failure = await redeemShareCode(CODE).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'share code invalid or expired' });
  });

  it("lists the equipment's codes and grants, a page at a time", async () => {
    const mock = mockFetch({
      'GET /equipment/4/share-codes': { body: { items: [CODE_ITEM], total: 1 } },
      'GET /equipment/4/grants': { body: { items: [GRANT], total: 1 } },
    });
    restore = mock.restore;
    await expect(listShareCodes(4, { offset: 0, limit: 500 })).resolves.toEqual({
      items: [CODE_ITEM],
      total: 1,
    });
    await expect(listGrants(4)).resolves.toEqual({ items: [GRANT], total: 1 });
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /equipment/4/share-codes?offset=0&limit=500',
      'GET /equipment/4/grants',
    ]);
  });

  it('refuses, in development, a list whose items are not the contract', async () => {
    restore = mockFetch({
      'GET /equipment/4/grants': { body: { items: [{ ...GRANT, expired: 'no' }], total: 1 } },
    }).restore;
    await expect(listGrants(4)).rejects.toThrow(/expired/);
  });

  it('revokes a code, changes and removes a grant, gives up access', async () => {
    const changed = { ...GRANT, level: 'read', expiresAt: null };
    const mock = mockFetch({
      'DELETE /equipment/4/share-codes/12': { status: 204 },
      'PATCH /equipment/4/grants/31': { body: changed },
      'DELETE /equipment/4/grants/31': { status: 204 },
      'DELETE /equipment/4/access': { status: 204 },
    });
    restore = mock.restore;
    await expect(revokeShareCode(4, 12)).resolves.toBeUndefined();
    await expect(updateGrant(4, 31, { level: 'read', expiresAt: null })).resolves.toEqual(changed);
    await expect(removeGrant(4, 31)).resolves.toBeUndefined();
    await expect(giveUpAccess(4)).resolves.toBeUndefined();
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', '/equipment/4/share-codes/12', undefined],
      ['PATCH', '/equipment/4/grants/31', { level: 'read', expiresAt: null }],
      ['DELETE', '/equipment/4/grants/31', undefined],
      ['DELETE', '/equipment/4/access', undefined],
    ]);
  });

  it("passes the owner-only refusal on with the server's words", async () => {
    restore = mockFetch({
      'GET /equipment/4/share-codes': errorReply(403, 'forbidden', 'only the owner manages sharing'),
    }).restore;
    await expect(listShareCodes(4)).rejects.toMatchObject({
      status: 403,
      message: 'only the owner manages sharing',
    });
  });
});
