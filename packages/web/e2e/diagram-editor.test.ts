/**
 * The diagram editor in a real browser against the real server and the demo plant, through the
 * UI only: a new project made under Diagrams, opened, switched to Edit; a switch, a lamp and a
 * value added from the palette and bound with the binding picker to the demo relay board (DO5,
 * since the demo's own rule toggles DO1 every minute; the value to AI1); one dragged on the
 * canvas; saved (with its preview picture); then Live, where a click on the switch switches the
 * relay in the simulated board and the lamp follows. Screenshots of the editor in English, Chinese
 * and traditional Chinese.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, readRelays } from './api.js';
import type { ApiSession } from './api.js';
import { inOtherLanguages, shoot, shown } from './device-view.js';
import {
  browserSuiteTitle,
  FLOW_TIMEOUT_MS,
  RESULTS_DIR,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

/** The relay the test switches: not DO1, which the demo's own rule toggles every minute. */
const DO = 5;
const RELAY_BOARD = /^Demo relay board/;

describe.skipIf(skipBrowser())(browserSuiteTitle('the diagram editor in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  let rest: ApiSession;
  let relayId = 0;
  const name = `Editor test ${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    rest = await suite.demoApi();
    const equipment = await api<{ items: { id: number; sn: string | null }[] }>(rest, 'GET', '/equipment');
    const relay = equipment.items.find((e) => e.sn === 'DEMO0001');
    if (!relay) throw new Error('the demo relay board is missing');
    relayId = relay.id;
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  const editor = (): Locator => page.getByTestId('diagram-editor');

  /** Chooses the option whose title matches `title` in the select named `label`. */
  async function choose(label: string, title: RegExp): Promise<void> {
    await editor().getByRole('combobox', { name: label }).click();
    const option = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: title })
      .first();
    await option.click();
  }

  /** Adds a widget from the palette and binds it to the relay board's `channel`. */
  async function addBound(kind: string, label: string, channel: RegExp): Promise<void> {
    await editor().locator(`[data-testid="diagram-editor-palette"] [data-kind="${kind}"]`).click();
    await choose(`${label} equipment`, RELAY_BOARD);
    await choose(`${label} channel`, channel);
  }

  /** Places the chosen widget with its X and Y fields. */
  async function place(x: number, y: number): Promise<void> {
    for (const [field, value] of [
      ['X', x],
      ['Y', y],
    ] as const) {
      const input = editor().getByRole('spinbutton', { name: field, exact: true });
      await input.fill(String(value));
      await input.press('Enter');
    }
    // Keys typed in a field are the field's: the editor's shortcuts work once it is left.
    await editor().getByRole('spinbutton', { name: 'Y', exact: true }).blur();
  }

  it(
    'builds a project with a switch, a lamp and a value, saves it, and the switch works live',
    async () => {
      await page.goto(`${suite.origin}/#/jujuda`);
      await page.getByRole('button', { name: 'New diagram' }).first().click();
      const form = page.getByRole('dialog');
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('button', { name: 'Create and open' }).click();
      await page.getByTestId('diagram-header').getByText(name).waitFor({ timeout: 30_000 });
      const projectId = decodeURIComponent(page.url().split('/').pop() ?? '');

      await page.getByTestId('diagram-mode').getByText('Edit').click();
      await editor().waitFor();

      await addBound('switch', 'Switch', new RegExp(`^DO${DO}\\b`));
      await place(40, 120);
      await addBound('lamp', 'Lamp', new RegExp(`^DO${DO}\\b`));
      // The lamp is dragged on the canvas: 100 screen pixels right, snapped to the grid.
      const before = Number(await editor().getByRole('spinbutton', { name: 'X', exact: true }).inputValue());
      const lamp = editor().locator('[data-hit="lamp1"]');
      const box = await lamp.boundingBox();
      if (!box) throw new Error('the lamp is not drawn');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect
        .poll(async () =>
          Number(await editor().getByRole('spinbutton', { name: 'X', exact: true }).inputValue()),
        )
        .toBeGreaterThan(before + 40);
      await place(320, 120);
      await addBound('value', 'Value', /^AI1\b/);
      await place(440, 120);
      // One undo step per gesture: undoing the value's Y puts it back, redo again.
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => editor().getByRole('spinbutton', { name: 'Y', exact: true }).inputValue())
        .not.toBe('120');
      await page.keyboard.press('Control+y');
      await expect
        .poll(() => editor().getByRole('spinbutton', { name: 'Y', exact: true }).inputValue())
        .toBe('120');

      await page.getByTestId('diagram-editor-save').click();
      await expect
        .poll(() => page.getByTestId('diagram-editor-state').textContent())
        .toBe('All changes saved');
      const saved = await api<{ revision: number; preview: string; document: { widgets: unknown[] } }>(
        rest,
        'GET',
        `/diagrams/${projectId}`,
      );
      expect(saved.document.widgets).toMatchObject([
        {
          id: 'switch1',
          kind: 'switch',
          x: 40,
          y: 120,
          binding: { equipmentId: relayId, channel: { kind: 'do', index: DO } },
        },
        {
          id: 'lamp1',
          kind: 'lamp',
          x: 320,
          y: 120,
          binding: { equipmentId: relayId, channel: { kind: 'do', index: DO } },
        },
        {
          id: 'value1',
          kind: 'value',
          x: 440,
          y: 120,
          binding: { equipmentId: relayId, channel: { kind: 'ai', index: 1 } },
        },
      ]);
      // The preview picture is made in the browser and stored with the project.
      await expect
        .poll(async () => (await api<{ preview: string }>(rest, 'GET', `/diagrams/${projectId}`)).preview, {
          timeout: 30_000,
        })
        .toMatch(/^\/api\/v1\/pictures\/.+\.png\?v=\d+$/);
      // A PNG of 480 × 270 (its IHDR), served without sign-in; kept to be looked at.
      const { preview } = await api<{ preview: string }>(rest, 'GET', `/diagrams/${projectId}`);
      const picture = await page.request.get(`${suite.origin}${preview}`);
      expect(picture.status()).toBe(200);
      const png = await picture.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([480, 270]);
      await writeFile(join(RESULTS_DIR, 'diagram-editor-preview.png'), png);

      await editor().locator('[data-hit="switch1"]').click();
      await page.mouse.move(1000, 24);
      await screenshot(page, 'diagram-editor-en');
      await inOtherLanguages(page, (lang) => shoot(page, `diagram-editor-${lang}`));

      await page.getByTestId('diagram-mode').getByText('Live').click();
      const live = page.getByTestId('diagram-live');
      await live.waitFor();
      const lampState = live.locator('[data-widget="lamp1"] [data-state]').first();
      await expect.poll(() => lampState.getAttribute('data-state'), { timeout: 30_000 }).not.toBe('unknown');
      await expect
        .poll(() => live.locator('[data-widget="value1"]').textContent(), { timeout: 30_000 })
        .toMatch(/\d/);
      const on = (await lampState.getAttribute('data-state')) === 'on';
      await shoot(page, 'diagram-editor-live-en');

      await live.locator('[data-widget="switch1"] [role="button"]').click();
      await expect
        .poll(() => lampState.getAttribute('data-state'), { timeout: 30_000 })
        .toBe(on ? 'off' : 'on');
      // The simulated board itself, read over its link.
      await expect
        .poll(async () => (await readRelays(rest, relayId, 8))[DO - 1], { timeout: 30_000 })
        .toBe(!on);

      // And back, so the plant is as it was.
      await live.locator('[data-widget="switch1"] [role="button"]').click();
      await expect
        .poll(() => lampState.getAttribute('data-state'), { timeout: 30_000 })
        .toBe(on ? 'on' : 'off');
      await expect
        .poll(async () => (await readRelays(rest, relayId, 8))[DO - 1], { timeout: 30_000 })
        .toBe(on);
      // The list shows the project with its preview.
      await page.goto(`${suite.origin}/#/jujuda`);
      // The project's own page stays in the page, hidden (a cached view): the list is the one shown.
      await shown(page).getByText(name).first().waitFor({ timeout: 30_000 });
      await shoot(page, 'diagram-editor-list-en');
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 2,
  );
});
