/**
 * Files, pictures and cameras in a real browser against the real server: the owner uploads an
 * equipment picture through the picture picker and sees it in the tree; the personal center's file
 * manager uploads, lists and deletes; the demo camera plays through the server's proxy and pressing
 * and holding PTZ right turns the picture. Screenshots in English, Chinese and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { saveEquipment, treeRow } from './console.js';
import { deviceTab, inOtherLanguages, shoot, shown } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** A picture worth looking at in a screenshot: a blue pump-house square with a yellow disc. */
async function pumpPicture(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">' +
    '<rect width="96" height="96" rx="12" fill="#1f6feb"/><circle cx="48" cy="48" r="26" fill="#ffd33d"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The picture has arrived and decoded (an <img> that failed has no natural width). */
async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('files, pictures and cameras in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  const serial = `PIC${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
  const name = `Pump house ${serial}`;

  beforeAll(async () => {
    const rest = await suite.demoApi();
    await api(rest, 'POST', '/equipment', { sn: serial, type: 'FL-R8', name, group: 'E2E pictures' });
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'uploads an equipment picture in the picker, and the tree shows it',
    async () => {
      await treeRow(page, new RegExp(name)).click();
      await deviceTab(page, 'info').click();
      const form = shown(page).getByTestId('info-form');
      await form.getByRole('button', { name: 'Choose…' }).first().click();
      const picker = page.getByRole('dialog', { name: 'Choose a picture' });
      await picker.getByRole('tab', { name: 'My pictures' }).click();
      await picker
        .getByTestId('picture-upload-input')
        .setInputFiles({ name: `pump-${serial}.png`, mimeType: 'image/png', buffer: await pumpPicture() });
      const tile = picker.getByTitle(`pump-${serial}.png`);
      await tile.waitFor();
      await tile.click();
      // Not shoot(): its Escape would close the picker.
      await screenshot(page, 'pictures-picker-en');
      await picker.getByRole('button', { name: 'OK' }).click();
      await saveEquipment(page, form.getByRole('button', { name: 'Save' }), 'Device info saved');

      // The tree draws the uploaded picture in place of the glyph, from its own address.
      const icon = treeRow(page, new RegExp(name)).locator('img');
      await icon.waitFor({ timeout: 15_000 });
      expect(await icon.getAttribute('src')).toMatch(/^\/api\/v1\/pictures\/[A-Za-z0-9_-]{22}\//);
      await expect.poll(() => loaded(icon)).toBe(true);
      await shoot(page, 'pictures-tree-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'uploads, lists and deletes files in the personal center',
    async () => {
      await page.goto(`${suite.origin}/#/setting/personalCenter`);
      await page.getByRole('tab', { name: 'Files' }).click();
      const manager = page.locator('[data-testid="file-manager"]');
      await manager.waitFor();
      await manager
        .locator('input[type="file"]')
        .first()
        .setInputFiles([
          { name: `notes-${serial}.txt`, mimeType: 'text/plain', buffer: Buffer.from('pump house notes') },
          { name: `plan-${serial}.png`, mimeType: 'image/png', buffer: await pumpPicture() },
        ]);
      await manager.getByText(`notes-${serial}.txt`).waitFor();
      await manager.getByText(`plan-${serial}.png`).waitFor();
      await shoot(page, 'files-manager-en');
      await inOtherLanguages(page, (lang) => shoot(page, `files-manager-${lang}`));

      const row = manager.getByRole('row', { name: new RegExp(`notes-${serial}`) });
      await row.getByRole('checkbox').check();
      await manager
        .getByRole('button', { name: /Delete/ })
        .first()
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Delete/ })
        .click();
      await expect.poll(() => manager.getByText(`notes-${serial}.txt`).count(), { timeout: 15_000 }).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'plays the demo camera through the server, and pressing PTZ right turns the picture',
    async () => {
      await page.goto(`${suite.origin}/#/Equips`);
      await treeRow(page, /Demo relay board/).click();
      await deviceTab(page, 'camera').click();
      const picture = shown(page).getByTestId('camera-mjpeg');
      await picture.waitFor({ timeout: 30_000 });
      await expect.poll(() => loaded(picture), { timeout: 30_000 }).toBe(true);
      // Still while nobody presses: two frames a moment apart are the same picture.
      const still = await picture.screenshot();
      await page.waitForTimeout(700);
      expect(Buffer.compare(await picture.screenshot(), still)).toBe(0);
      await shoot(page, 'camera-en');

      const right = shown(page).getByRole('button', { name: 'Right', exact: true });
      const box = (await right.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(1000);
      await page.mouse.up();
      // The view turned (about 20°): the next frames differ from the picture before.
      await expect
        .poll(async () => Buffer.compare(await picture.screenshot(), still) !== 0, { timeout: 10_000 })
        .toBe(true);
      await shoot(page, 'camera-turned-en');
      await inOtherLanguages(page, (lang) => shoot(page, `camera-${lang}`));
    },
    FLOW_TIMEOUT_MS,
  );
});
