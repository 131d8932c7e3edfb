/**
 * Managing sharing in a real browser: the owner (demo) opens the relay board's Sharing tab,
 * issues an operate code for 1 day with 2 uses, sees the code, its link and the QR code of the
 * link (drawn under the console's Content-Security-Policy), finds the code in the list, revokes
 * it and sees it revoked. A viewer who redeemed a read-only code shows in the list of who has
 * access. Once in each language (en, zh, tc), with screenshots of the dialog and of the lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enMonitoring from '../src/locales/en/monitoring.js';
import enSharing from '../src/locales/en/sharing.js';
import tcMonitoring from '../src/locales/tc/monitoring.js';
import tcSharing from '../src/locales/tc/sharing.js';
import zhMonitoring from '../src/locales/zh/monitoring.js';
import zhSharing from '../src/locales/zh/sharing.js';
import { api, equipmentId, registerAccount } from './api.js';
import type { ApiSession } from './api.js';
import { treeRow } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const TEXTS = {
  en: { monitoring: enMonitoring, sharing: enSharing },
  zh: { monitoring: zhMonitoring, sharing: zhSharing },
  tc: { monitoring: tcMonitoring, sharing: tcSharing },
} as const;
type Language = keyof typeof TEXTS;

const VIEWER = { userName: 'e2e-viewer', password: 'viewer-pass-1', phone: '13800000077' };

interface CodeItem {
  readonly id: number;
  readonly level: string;
  readonly validity: string;
  readonly maxCount: number;
  readonly usedCount: number;
  readonly revokedAt: string | null;
}

/** A button's text as antd draws it: a space between two Chinese characters. */
const named = (text: string): RegExp =>
  new RegExp(`^\\s*${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}\\s*$`);

describe.skipIf(skipBrowser())(browserSuiteTitle('managing sharing in Chromium'), () => {
  // Info logs carry the verification code of the viewer's registration.
  const suite = useConsole({ env: { LOG_LEVEL: 'info' } });
  let rest: ApiSession;
  let boardId: number;
  /** What the browser said about the Content-Security-Policy (a refused script or style). */
  const policyViolations: string[] = [];

  beforeAll(async () => {
    rest = await suite.demoApi();
    boardId = await equipmentId(rest, 'DEMO0001');
    // A viewer holds a read-only share of the board, so the list of who has access has a row.
    const viewer = await registerAccount(suite.server, VIEWER);
    const share = await api<{ code: string }>(rest, 'POST', `/equipment/${boardId}/share-codes`, {
      level: 'read',
      validity: '1w',
    });
    await api(viewer, 'POST', '/share-codes/redeem', { code: share.code });
  }, SETUP_TIMEOUT_MS);

  /** Demo signed in, in `language` (the account's, which the console takes on at sign-in). */
  async function ownerPage(language: Language): Promise<Page> {
    await api(rest, 'PATCH', '/me', { language });
    const page = await suite.newPage();
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    await suite.signInDemo(page);
    return page;
  }

  /** The newest of the board's codes, as the server lists them. */
  async function newestCode(): Promise<CodeItem> {
    const list = await api<{ items: CodeItem[] }>(rest, 'GET', `/equipment/${boardId}/share-codes?limit=500`);
    const newest = list.items.at(-1);
    if (!newest) throw new Error('the board has no code');
    return newest;
  }

  /** The open confirmation's button. */
  const confirmButton = (page: Page, text: string): Locator =>
    page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: named(text) });

  async function issueAndRevoke(language: Language): Promise<void> {
    const { monitoring: m, sharing: s } = TEXTS[language];
    const page = await ownerPage(language);
    await treeRow(page, /Demo relay board/).click();
    await page.getByRole('tab', { name: m.device.tabs.sharing }).click();
    await page.getByTestId('open-share').click();

    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('share-form') });
    await dialog.getByText(s.tiers.operate, { exact: true }).click();
    await dialog.getByText(s.validity['1d'], { exact: true }).click();
    await dialog.getByLabel(s.dialog.maxCount).fill('2');
    if (language === 'en') await screenshot(page, 'sharing-form-en');
    await dialog.getByRole('button', { name: named(s.dialog.submit) }).click();

    const result = page.getByTestId('share-result');
    await result.waitFor();
    const code = ((await page.getByTestId('share-code').textContent()) ?? '').replace(/\s/g, '');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await page.getByTestId('share-code').textContent()).toMatch(/^(\w{4} ){6}\w{2}$/);
    expect(await page.getByTestId('share-url').textContent()).toBe(`${suite.origin}/#/share?code=${code}`);
    // The QR code of the link, drawn as SVG: dark modules on a light ground.
    const qr = page.getByTestId('share-qr').locator('svg');
    await qr.waitFor();
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    expect((await qr.boundingBox())?.width).toBeGreaterThan(150);
    await page.getByRole('button', { name: s.result.copyCode }).waitFor();
    await page.getByRole('button', { name: s.result.copyLink }).waitFor();
    await screenshot(page, `sharing-dialog-${language}`);

    const issued = await newestCode();
    expect(issued).toMatchObject({
      level: 'operate',
      validity: '1d',
      maxCount: 2,
      usedCount: 0,
      revokedAt: null,
    });
    await result.getByRole('button', { name: named(s.result.done) }).click();
    await result.waitFor({ state: 'detached' });

    // In the list: active, none of its 2 uses taken; the viewer in the list of who has access.
    const state = page.getByTestId(`code-state-${issued.id}`);
    await expect.poll(() => state.textContent()).toBe(s.codes.state.active);
    const row = page.getByTestId('share-codes').locator('tr', { has: state });
    expect(await row.textContent()).toContain('0 / 2');
    expect(await row.textContent()).toContain(s.validity['1d']);
    const viewerRow = page.getByTestId('grants').locator('tr', { hasText: VIEWER.userName });
    await viewerRow.waitFor();
    expect(await viewerRow.textContent()).toContain(s.tiers.read);
    await screenshot(page, `sharing-lists-${language}`);

    await page.getByTestId(`revoke-${issued.id}`).click();
    await confirmButton(page, s.codes.revoke).click();
    await page.getByText(s.messages.modified).first().waitFor();
    await expect.poll(() => state.textContent()).toBe(s.codes.state.revoked);
    expect(await page.getByTestId(`revoke-${issued.id}`).count()).toBe(0);
    expect((await newestCode()).revokedAt).not.toBeNull();
    // Revoking a code leaves the access already given.
    await viewerRow.waitFor();
    if (language === 'en') await screenshot(page, 'sharing-revoked-en');
    expect(suite.pageErrors).toEqual([]);
    expect(policyViolations).toEqual([]);
  }

  for (const language of ['en', 'zh', 'tc'] as const) {
    it(
      `${language}: the owner issues an operate code with its QR code, finds it in the list and revokes it`,
      () => issueAndRevoke(language),
      FLOW_TIMEOUT_MS,
    );
  }
});
