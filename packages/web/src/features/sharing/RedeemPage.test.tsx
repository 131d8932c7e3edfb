// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { sampleType, treeDevice, treeReply } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import zh from '../../locales/zh/sharing';
import { useSession } from '../../session/store';
import { errorReply, mockFetch, unreachable } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { clickButton, renderPage } from '../auth/test-render';
import RedeemButton from './RedeemButton';
import RedeemPage from './RedeemPage';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const CODE = '0123456789ABCDEFGHJKMNPQRS';
const REDEEMED = {
  equipmentId: 5,
  grantId: 9,
  level: 'read',
  camera: false,
  slaves: false,
  expiresAt: null,
};
const DEMO = treeDevice({ id: 5, unid: 'DEMO0001', name: 'Demo pump', group: 'Demo', level: 1 });
/** The equipment as read again after a redeem: the tree holds the shared device. */
const RELOAD = {
  'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
  'GET /equipment/tree': { body: treeReply([{ id: 'm_0', name: 'Demo', children: [DEMO] }], []) },
  'GET /equipment': { body: { items: [], total: 0 } },
};

const field = () => screen.getByPlaceholderText(zh.redeem.placeholder) as HTMLInputElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const submit = () => clickButton(/^使\s*用$/);
const redeemCalls = (calls: readonly RecordedRequest[]) =>
  calls.filter((c) => c.path === '/share-codes/redeem');
/** The reads of the tree (the equipment loaded again). */
const treeReads = (calls: readonly RecordedRequest[]) => calls.filter((c) => c.path === '/equipment/tree');

describe('redeeming a share code', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeEach(() => {
    setLanguage('zh');
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  });
  afterEach(() => {
    restore();
    cleanup();
    useSession.getState().clear();
    resetEquipment();
  });

  const withRedeem = (reply: Reply | (() => Reply)) => {
    const mock = mockFetch({ ...RELOAD, 'POST /share-codes/redeem': reply });
    restore = mock.restore;
    return mock;
  };

  it('asks for a code, and takes exactly 26 code characters (one short or over is refused)', async () => {
    const mock = withRedeem({ body: REDEEMED });
    renderPage(<RedeemPage />, { path: '/share', route: '/share' });
    expect(field().readOnly).toBe(false);
    submit();
    expect(await screen.findByText(zh.errors.empty, {}, SLOW)).toBeTruthy();
    type(CODE.slice(0, 25));
    expect(await screen.findByText(zh.errors.format, {}, SLOW)).toBeTruthy();
    type(`${CODE}T`);
    expect(await screen.findByText(zh.errors.format, {}, SLOW)).toBeTruthy();
    type(`${CODE.slice(0, 25)}U`);
    expect(await screen.findByText(zh.errors.format, {}, SLOW)).toBeTruthy();
    expect(redeemCalls(mock.calls)).toEqual([]);
    // Typed as a person would: lower case, dashes, O for 0.
    type('o123-4567-89ab-cdef-ghjk-mnpq-rs');
    await waitFor(() => expect(screen.queryByText(zh.errors.format)).toBeNull(), SLOW);
    submit();
    await waitFor(() => expect(redeemCalls(mock.calls)).toHaveLength(1), SLOW);
    expect(redeemCalls(mock.calls)[0]).toMatchObject({
      body: { code: 'o123-4567-89ab-cdef-ghjk-mnpq-rs' },
      authorization: 'Bearer tok',
    });
  });

  it("redeems the link's code: says which device with which tier, reloads the tree, opens the device", async () => {
    const mock = withRedeem({ body: { ...REDEEMED, expiresAt: '2026-11-27T14:00:00.000Z' } });
    renderPage(<RedeemPage />, { path: '/share', route: `/share?code=${CODE}` });
    expect(field().value).toBe(CODE);
    expect(field().readOnly).toBe(true);
    submit();
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/Equips?id=5');
    expect(treeReads(mock.calls)).toHaveLength(1);
    expect(redeemCalls(mock.calls)[0]?.body).toEqual({ code: CODE });
    expect(await screen.findByText(/Demo pump（DEMO0001）已分享给您：只读，分享至 /, {}, SLOW)).toBeTruthy();
  });

  it('names the camera and a share without an end', async () => {
    withRedeem({ body: { ...REDEEMED, level: 'operate', camera: true } });
    renderPage(<RedeemPage />, { path: '/share', route: `/share?code=${CODE}` });
    submit();
    expect(
      await screen.findByText('Demo pump（DEMO0001）已分享给您：操作，含摄像头，永久分享', {}, SLOW),
    ).toBeTruthy();
  });

  const refusals: [string, Reply, string][] = [
    [
      'a malformed code (400)',
      errorReply(400, 'bad_request', 'a share code is 26 letters and digits'),
      zh.errors.format,
    ],
    [
      'a wrong, expired or used-up code (404)',
      errorReply(404, 'not_found', 'share code invalid or expired'),
      zh.errors.invalid,
    ],
    [
      "the user's own device (409)",
      errorReply(409, 'conflict', 'this equipment is yours already'),
      zh.errors.own,
    ],
    [
      'too many wrong codes (429), with the wait',
      {
        ...errorReply(429, 'rate_limited', 'too many wrong share codes; try again in 10 minutes'),
        headers: { 'retry-after': '600' },
      },
      '分享码错误次数过多，请 10 分钟后再试',
    ],
    ['a 429 without a wait', errorReply(429, 'rate_limited', 'too many requests'), zh.errors.tooManyLater],
    ['an unreachable server', unreachable, '网络错误：服务器无法连接'],
  ];
  it.each(refusals)('shows %s and keeps the code', async (_name, reply, text) => {
    const mock = withRedeem(reply);
    renderPage(<RedeemPage />, { path: '/share', route: `/share?code=${CODE}` });
    submit();
    const alert = await screen.findByTestId('redeem-error', {}, SLOW);
    expect(alert.textContent).toContain(text);
    expect(field().value).toBe(CODE);
    expect(treeReads(mock.calls)).toEqual([]);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('says the wait in English too', async () => {
    setLanguage('en');
    withRedeem({
      ...errorReply(429, 'rate_limited', 'too many wrong share codes; try again in 1 minute'),
      headers: { 'retry-after': '60' },
    });
    renderPage(<RedeemPage />, { path: '/share', route: `/share?code=${CODE}` });
    clickButton('Redeem');
    expect((await screen.findByTestId('redeem-error', {}, SLOW)).textContent).toContain(
      'Too many wrong share codes: try again in 1 minute',
    );
  });

  it("from the tree's toolbar: a dialog with the field, closed once redeemed", async () => {
    const mock = withRedeem({ body: REDEEMED });
    const { router } = renderPage(<RedeemButton />, { path: '/Equips', route: '/Equips' });
    fireEvent.click(screen.getByTestId('redeem-share-code'));
    expect(await screen.findByPlaceholderText(zh.redeem.placeholder, {}, SLOW)).toBeTruthy();
    submit();
    expect(await screen.findByText(zh.errors.empty, {}, SLOW)).toBeTruthy();
    type(CODE);
    submit();
    await waitFor(() => expect(redeemCalls(mock.calls)).toHaveLength(1), SLOW);
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'), SLOW);
    expect(router.state.location.pathname).toBe('/Equips');
    expect(treeReads(mock.calls)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByPlaceholderText(zh.redeem.placeholder)).toBeNull(), SLOW);
  });
});
