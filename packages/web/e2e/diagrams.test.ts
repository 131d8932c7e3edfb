/**
 * Configuration diagrams in a real browser against the real server and the demo plant: a project
 * with a switch, a lamp and a value bound to the demo relay board is listed under Diagrams, opens
 * live, and a click on the switch switches the relay in the simulated board — the lamp follows
 * from the board's own reply. Screenshots in English, Chinese and traditional Chinese.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { inOtherLanguages, shoot } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The relay the test switches: not DO1, which the demo's own rule toggles every minute. */
const DO = 5;

describe.skipIf(skipBrowser())(browserSuiteTitle('configuration diagrams in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  let projectId = '';
  const name = `Pump house diagram ${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    const rest = await suite.demoApi();
    const equipment = await api<{ items: { id: number; sn: string | null }[] }>(rest, 'GET', '/equipment');
    const relay = equipment.items.find((e) => e.sn === 'DEMO0001');
    if (!relay) throw new Error('the demo relay board is missing');
    const binding = { equipmentId: relay.id, channel: { kind: 'do', index: DO } };
    const project = await api<{ id: string }>(rest, 'POST', '/diagrams', {
      name,
      remarks: 'A switch, a lamp and a tank level',
      document: {
        format: 'fieldlink-diagram',
        version: 1,
        canvas: { width: 800, height: 400, background: { color: '#f0f5ff' }, grid: {} },
        widgets: [
          {
            id: 'title',
            kind: 'text',
            x: 20,
            y: 20,
            width: 400,
            height: 40,
            text: 'Pump house',
            fontSize: 28,
          },
          { id: 'pump', kind: 'switch', x: 40, y: 120, width: 220, height: 60, binding, label: 'Pump' },
          { id: 'lamp', kind: 'lamp', x: 320, y: 120, width: 60, height: 60, binding },
          {
            id: 'level',
            kind: 'value',
            x: 440,
            y: 120,
            width: 300,
            height: 60,
            fontSize: 28,
            binding: { equipmentId: relay.id, channel: { kind: 'ai', index: 1 } },
          },
        ],
      },
    });
    projectId = project.id;
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'lists the project, opens it live, and the switch switches the relay while the lamp follows',
    async () => {
      await page.goto(`${suite.origin}/#/jujuda`);
      const card = page.getByText(name);
      await card.waitFor({ timeout: 30_000 });
      await shoot(page, 'diagrams-list-en');
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${projectId}`);
      const live = page.getByTestId('diagram-live');
      await live.waitFor();
      const lamp = live.locator('[data-widget="lamp"] [data-state]').first();
      // The board's state arrives over the live channel.
      await expect.poll(() => lamp.getAttribute('data-state'), { timeout: 30_000 }).not.toBe('unknown');
      const before = await lamp.getAttribute('data-state');
      await shoot(page, 'diagrams-live-en');

      await live.locator('[data-widget="pump"] [role="button"]').click();
      // The simulated board switches and reports back: the lamp shows its new state.
      await expect
        .poll(() => lamp.getAttribute('data-state'), { timeout: 30_000 })
        .toBe(before === 'on' ? 'off' : 'on');
      await shoot(page, 'diagrams-switched-en');
      await inOtherLanguages(page, (lang) => shoot(page, `diagrams-live-${lang}`));
    },
    FLOW_TIMEOUT_MS,
  );
});
