/**
 * The monitoring map as the browser tests see it: its dots are drawn on a canvas, so they are
 * found by their colours, and a device's dot by hovering each until its tooltip names it.
 */
import type { Locator, Page } from 'playwright-core';
import { screenshot, sleep } from './harness.js';

/** Where the map's dots are, in page coordinates, from the colours on its canvases. */
export async function dotSpots(page: Page): Promise<{ x: number; y: number }[]> {
  return page.evaluate(`(() => {
    const colours = [[0x52, 0xc4, 0x1a], [0x8c, 0x8c, 0x8c], [0xf5, 0x22, 0x2d]];
    const spots = [];
    for (const canvas of document.querySelectorAll('.leaflet-overlay-pane canvas')) {
      // A map just shown may not have sized its canvas yet.
      if (canvas.width === 0 || canvas.height === 0) continue;
      const rect = canvas.getBoundingClientRect();
      const sx = canvas.width / rect.width;
      const sy = canvas.height / rect.height;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let y = 0; y < canvas.height; y += 2) {
        for (let x = 0; x < canvas.width; x += 2) {
          const i = (y * canvas.width + x) * 4;
          if (data[i + 3] < 250) continue;
          if (!colours.some(([r, g, b]) => data[i] === r && data[i + 1] === g && data[i + 2] === b)) continue;
          const px = rect.left + x / sx;
          const py = rect.top + y / sy;
          if (px < 0 || py < 0 || px > innerWidth || py > innerHeight) continue;
          if (!spots.some((s) => Math.abs(s.x - px) < 10 && Math.abs(s.y - py) < 10)) spots.push({ x: px, y: py });
        }
      }
    }
    return spots;
  })()`);
}

/** The map's pop-up of `name`, opened by clicking its dot (found by hovering until its tooltip shows). */
export async function openDevicePopup(page: Page, name: string, timeoutMs = 30_000): Promise<Locator> {
  const popup = page.locator('.leaflet-popup-content').filter({ has: page.getByText(name, { exact: true }) });
  const tooltip = page.locator('.leaflet-tooltip').filter({ hasText: name });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Still open from before (a cached map keeps it): its dot shows no tooltip meanwhile.
    if (await popup.isVisible()) return popup;
    for (const spot of await dotSpots(page)) {
      await page.mouse.move(spot.x, spot.y);
      await sleep(60);
      if ((await tooltip.count()) > 0) {
        await page.mouse.click(spot.x, spot.y);
        await popup.waitFor({ timeout: 5_000 });
        return popup;
      }
    }
    if (Date.now() > deadline) {
      const shot = await screenshot(page, 'map-dot-not-found');
      throw new Error(`no dot on the map shows ${name} (${shot})`);
    }
    await sleep(500);
  }
}
