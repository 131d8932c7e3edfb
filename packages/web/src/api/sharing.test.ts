// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { errorReply, mockFetch } from '../session/test-support';
import { ApiError } from './http';
import { createShareCode, redeemShareCode } from './sharing';

const CODE = '0123456789ABCDEFGHJKMNPQRS';
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
    const created = {
      id: 3,
      code: CODE,
      url: `http://localhost/#/share?code=${CODE}`,
      expiresAt: '2026-11-27T14:00:00.000Z',
      level: 'read',
      validity: '1d',
      maxCount: 1,
      camera: false,
      slaves: false,
    };
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
});
