/**
 * The owner and a guest, each in their own browser, both consoles open the whole time: the owner
 * (demo) shares the relay board read-only from its Sharing tab; the guest, registered in the test,
 * redeems through the link and watches without a switch; the owner raises the grant to operate and
 * the guest's console (not reloaded) offers the switches, which really switch the board; the owner
 * removes the grant and the board leaves the guest's tree; shared again, the owner deletes it and
 * it is gone from both trees. Every change reaches the other console through the live channel's
 * EquipChanged, without a reload.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, equipmentId, readRelays } from './api.js';
import type { ApiSession } from './api.js';
import { signIn, signInToMonitoring, treeRow, waitForRoute } from './console.js';
import type { ConsoleRun } from './harness.js';
import {
  browserSuiteTitle,
  DEMO_PASSWORD,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  loggedCode,
  newConsoleContext,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
  startConsole,
  stopConsole,
} from './harness.js';

const GUEST = { userName: 'e2e-partner', password: 'partner-pass-1', phone: '13800000066' };
const BOARD = /Demo relay board/;

interface Grant {
  readonly id: number;
  readonly userName: string;
  readonly level: string;
}

describe.skipIf(skipBrowser())(
  browserSuiteTitle('owner and guest manage a shared device in Chromium'),
  () => {
    let run: ConsoleRun | undefined;
    let rest: ApiSession;
    let guestRest: ApiSession;
    let boardId: number;
    let owner: Page;
    let guest: Page;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];

    /** A new browser profile; its page errors are collected. */
    async function newPage(): Promise<Page> {
      const context = await newConsoleContext(run!.browser);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    }

    beforeAll(async () => {
      // Info logs carry the verification code of the guest's registration.
      run = await startConsole({ env: { LOG_LEVEL: 'info' } });
      const origin = run.server.origin;
      rest = await apiSignIn(origin, DEMO_USER, DEMO_PASSWORD);
      boardId = await equipmentId(rest, 'DEMO0001');
      await fetch(`${origin}/api/v1/auth/verification-codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: GUEST.phone, purpose: 'register' }),
      });
      const code = await loggedCode(run.server, GUEST.phone);
      const registered = await fetch(`${origin}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...GUEST, code }),
      });
      expect(registered.status).toBe(201);
      guestRest = await apiSignIn(origin, GUEST.userName, GUEST.password);
      await api(guestRest, 'PATCH', '/me', { language: 'en' });
      // As the console's welcome would: the guest's first sign-in is behind it.
      await api(guestRest, 'POST', '/me/first-sign-in', { authority: 4 });
      await api(rest, 'PATCH', '/me', { language: 'en' });

      owner = await newPage();
      await signInToMonitoring(owner, origin, DEMO_USER, DEMO_PASSWORD);
      guest = await newPage();
      await guest.goto(`${origin}/`);
      await waitForRoute(guest, '/login');
      await signIn(guest, GUEST.userName, GUEST.password);
      await waitForRoute(guest, '/Equips');
      await guest.getByText('No equipment yet').first().waitFor();
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await stopConsole(run);
    }, 60_000);

    /** The guest's grants on the board, as the owner lists them. */
    async function guestGrant(): Promise<Grant> {
      const list = await api<{ items: Grant[] }>(rest, 'GET', `/equipment/${boardId}/grants`);
      const grant = list.items.find((g) => g.userName === GUEST.userName);
      if (!grant) throw new Error('the guest holds no grant on the board');
      return grant;
    }

    /** The open pop-up confirmation's button. */
    const confirmButton = (page: Page, name: string): Locator =>
      page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name });

    const switches = (page: Page): Locator => page.locator('[data-device="DEMO0001"]').getByRole('switch');

    it(
      'shares read-only, raises to operate, removes, shares again and deletes, each seen at once by the other',
      async () => {
        // The owner shares the board read-only for a day, from its Sharing tab.
        await treeRow(owner, BOARD).click();
        await owner.getByRole('tab', { name: 'Sharing' }).click();
        await owner.getByTestId('open-share').click();
        const form = owner.locator('.ant-modal').filter({ has: owner.getByTestId('share-form') });
        await form.getByText('read-only', { exact: true }).click();
        await form.getByText('1 day', { exact: true }).click();
        await form.getByRole('button', { name: 'Create code' }).click();
        const url = (await owner.getByTestId('share-url').textContent()) ?? '';
        expect(url).toMatch(/#\/share\?code=[0-9A-Z]{26}$/);
        await owner.getByTestId('share-result').getByRole('button', { name: 'Done' }).click();

        // The guest follows the link, redeems, and watches the board without a switch.
        await guest.goto(url);
        await waitForRoute(guest, '/share');
        await guest.getByRole('button', { name: 'Redeem', exact: true }).click();
        await waitForRoute(guest, '/Equips');
        await treeRow(guest, BOARD).waitFor();
        await guest.locator('[data-device="DEMO0001"]').waitFor();
        await guest.getByText('Read only: you can watch this device but not operate it.').waitFor();
        expect(await switches(guest).count()).toBe(0);
        await screenshot(guest, 'manage-flow-guest-read-en');

        // The owner finds the guest under Who has access and raises the grant to operate.
        const grant = await guestGrant();
        expect(grant.level).toBe('read');
        await owner.getByTestId(`change-${grant.id}`).click();
        const grantForm = owner.getByTestId('grant-form');
        await grantForm.getByText('operate', { exact: true }).click();
        await grantForm.getByRole('button', { name: 'Save' }).click();
        await owner.getByText('Equipment permission modified').first().waitFor();
        expect((await guestGrant()).level).toBe('operate');

        // The guest's console, not reloaded, now lets them switch; the board really switches.
        await expect.poll(() => switches(guest).count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(
          await guest.getByText('Read only: you can watch this device but not operate it.').count(),
        ).toBe(0);
        const before = (await readRelays(rest, boardId, 8))[7];
        await switches(guest).nth(7).click();
        await expect
          .poll(async () => (await readRelays(rest, boardId, 8))[7], { timeout: 15_000 })
          .toBe(!before);
        await screenshot(guest, 'manage-flow-guest-operate-en');

        // The owner removes the access: the board leaves the guest's tree.
        await owner.getByTestId(`remove-${grant.id}`).click();
        await confirmButton(owner, 'Remove').click();
        await owner.getByText('Equipment permission modified').first().waitFor();
        await expect.poll(() => treeRow(guest, BOARD).count(), { timeout: 15_000 }).toBe(0);
        expect(await guest.locator('[data-device="DEMO0001"]').count()).toBe(0);

        // Shared again (by REST this time): it comes back to the guest's tree on its own.
        const again = await api<{ code: string }>(rest, 'POST', `/equipment/${boardId}/share-codes`, {
          level: 'read',
          validity: '1d',
        });
        await api(guestRest, 'POST', '/share-codes/redeem', { code: again.code });
        await treeRow(guest, BOARD).waitFor({ timeout: 15_000 });

        // The owner deletes the board, typing its name: gone from both trees.
        const name = (await api<{ name: string }>(rest, 'GET', `/equipment/${boardId}`)).name;
        await owner.getByRole('tab', { name: 'Channels' }).click();
        await owner.getByTestId('delete-equipment-button').click();
        const dialog = owner.locator('.ant-modal').filter({ has: owner.getByTestId('delete-equipment') });
        await dialog.getByLabel('Device name').fill(name);
        await screenshot(owner, 'manage-flow-delete-en');
        await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
        await owner.getByText('Equipment information deleted').first().waitFor();
        await expect.poll(() => treeRow(owner, BOARD).count(), { timeout: 15_000 }).toBe(0);
        await expect.poll(() => treeRow(guest, BOARD).count(), { timeout: 15_000 }).toBe(0);
        const gone = await fetch(`${run!.server.origin}/api/v1/equipment/${boardId}`, {
          headers: { authorization: `Bearer ${rest.token}` },
        });
        expect(gone.status).toBe(404);
        expect(pageErrors).toEqual([]);
      },
      FLOW_TIMEOUT_MS,
    );
  },
);
