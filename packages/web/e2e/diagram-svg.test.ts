/**
 * An imported SVG drawing in a real browser against the real server and the demo plant: an SVG
 * with a pump (id "pump") and a level text (id "level") is uploaded to the file store, a project
 * binds the pump's fill to the demo relay board's DO5 and the level's text to its AI1; the live
 * page paints the pump with DO5's colour and writes the tank level, and switching DO5 repaints
 * it. The script and handlers planted in the drawing never run (neither after the server's
 * sanitising nor in a data: drawing the server never saw), and its style stays inside it.
 * Screenshots in English, Chinese and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, readRelays } from './api.js';
import type { ApiSession } from './api.js';
import { inOtherLanguages, shoot } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The relay the test switches: not DO1, which the demo's own rule toggles every minute. */
const DO = 5;
const ON = '#22c55e';
const OFF = '#ef4444';
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** A pump house with ids to bind, a style of its own, and script planted every way a drawing can. */
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" onload="window.__svgRan = 'onload'">
  <style>rect { stroke: #334155; stroke-width: 4px; }</style>
  <script>window.__svgRan = 'script';</script>
  <rect x="0" y="0" width="800" height="400" fill="#e0f2fe"/>
  <text x="40" y="60" font-size="32" fill="#0f172a">Pump house (SVG)</text>
  <g id="pumpGroup"><rect id="pump" x="60" y="120" width="200" height="140" rx="16" fill="#94a3b8"/></g>
  <text x="90" y="300" font-size="22" fill="#0f172a">Pump (DO5)</text>
  <rect x="420" y="120" width="300" height="140" rx="8" fill="#ffffff"/>
  <text id="level" x="450" y="210" font-size="40" fill="#1d4ed8">Level</text>
  <image href="/nowhere.png" width="1" height="1" onerror="window.__svgRan = 'onerror'"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
</svg>`;

async function uploadDrawing(rest: ApiSession, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([DRAWING], { type: 'image/svg+xml' }), name);
  const reply = await fetch(`${rest.origin}/api/v1/files/me?pictures=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rest.token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
  const { items } = (await reply.json()) as { items: { url: string; kind: string }[] };
  if (items[0]?.kind !== 'svg') throw new Error(`not stored as an svg: ${JSON.stringify(items)}`);
  return items[0].url;
}

function documentOf(src: string, equipmentId: number) {
  return {
    format: 'fieldlink-diagram',
    version: 1,
    canvas: { width: 800, height: 400, background: { color: '#ffffff' }, grid: {} },
    svg: {
      src,
      bindings: [
        {
          target: 'pump',
          binding: { equipmentId, channel: { kind: 'do', index: DO } },
          rule: { property: 'fill', on: ON, off: OFF },
        },
        {
          target: 'level',
          binding: { equipmentId, channel: { kind: 'ai', index: 1 } },
          rule: { property: 'text', decimals: 2 },
        },
      ],
    },
  };
}

const fill = (element: Locator) => element.evaluate((e) => getComputedStyle(e).fill);

describe.skipIf(skipBrowser())(browserSuiteTitle('imported SVG drawings in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  let rest: ApiSession;
  let relayId = 0;
  let projectId = '';
  let dataProjectId = '';
  let src = '';
  const tag = Math.floor(Math.random() * 1e6);

  beforeAll(async () => {
    rest = await suite.demoApi();
    const equipment = await api<{ items: { id: number; sn: string | null }[] }>(rest, 'GET', '/equipment');
    const relay = equipment.items.find((e) => e.sn === 'DEMO0001');
    if (!relay) throw new Error('the demo relay board is missing');
    relayId = relay.id;
    src = await uploadDrawing(rest, `pump-house-${tag}.svg`);
    const project = await api<{ id: string }>(rest, 'POST', '/diagrams', {
      name: `SVG pump house ${tag}`,
      document: documentOf(src, relayId),
    });
    projectId = project.id;
    // The same drawing as a data: address: the server never sanitised it, the console must.
    const data = await api<{ id: string }>(rest, 'POST', '/diagrams', {
      name: `SVG data drawing ${tag}`,
      document: documentOf(`data:image/svg+xml;utf8,${encodeURIComponent(DRAWING)}`, relayId),
    });
    dataProjectId = data.id;
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'paints the bound pump with DO5 and writes the tank level, and repaints it when DO5 switches',
    async () => {
      // The server kept the ids and removed what runs.
      const stored = await (await fetch(`${suite.origin}${src}`)).text();
      expect(stored).toContain('id="pump"');
      expect(stored).not.toMatch(/<script|onload|onerror|foreignObject/i);

      const errorsBefore = suite.pageErrors.length;
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${projectId}`);
      const view = page.locator('svg.diagram-view:visible');
      const pump = view.locator('[data-svg-id="pump"]');
      const level = view.locator('[data-svg-id="level"]');
      await pump.waitFor({ timeout: 30_000 });
      // The ids are the drawing's own, namespaced in the page.
      expect(await pump.getAttribute('id')).toMatch(/-pump$/);

      // The board's state arrives over the live channel.
      await expect.poll(() => fill(pump), { timeout: 30_000 }).toMatch(/^rgb\((34, 197, 94|239, 68, 68)\)$/);
      await expect
        .poll(async () => (await level.textContent()) ?? '', { timeout: 30_000 })
        .toMatch(/^\d+\.\d{2} m$/);
      const wasOn = (await readRelays(rest, relayId, 8))[DO - 1] === true;
      await expect.poll(() => fill(pump), { timeout: 30_000 }).toBe(rgb(wasOn ? ON : OFF));
      await shoot(page, 'diagram-svg-en');

      // Switched as the console switches it (its operations call); the board reports back.
      await api(rest, 'POST', `/equipment/${relayId}/operations`, {
        opr: wasOn ? 'closeone' : 'openone',
        io: DO,
        dly: 0,
      });
      await expect.poll(() => fill(pump), { timeout: 30_000 }).toBe(rgb(wasOn ? OFF : ON));
      await shoot(page, 'diagram-svg-switched-en');

      // The drawing's own style reaches only into the drawing: the canvas' rect has no stroke.
      const canvasStroke = await view
        .locator(':scope > rect')
        .first()
        .evaluate((e) => getComputedStyle(e).stroke);
      expect(canvasStroke).toBe('none');
      expect(await pump.evaluate((e) => getComputedStyle(e).strokeWidth)).toBe('4px');

      expect(await page.evaluate(() => (window as { __svgRan?: string }).__svgRan)).toBeUndefined();
      expect(suite.pageErrors.slice(errorsBefore)).toEqual([]);
      await inOtherLanguages(page, (lang) => shoot(page, `diagram-svg-${lang}`));
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'cleans a drawing the server never saw before it joins the page',
    async () => {
      const errorsBefore = suite.pageErrors.length;
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${dataProjectId}`);
      const drawing = page.locator('svg.diagram-view:visible [data-testid="diagram-svg"]');
      const pump = drawing.locator('[data-svg-id="pump"]');
      await pump.waitFor({ timeout: 30_000 });
      expect(await drawing.locator('script').count()).toBe(0);
      expect(await drawing.locator('foreignObject').count()).toBe(0);
      expect(await drawing.locator('[onload], [onerror]').count()).toBe(0);
      await expect.poll(() => fill(pump), { timeout: 30_000 }).toMatch(/^rgb\((34, 197, 94|239, 68, 68)\)$/);
      expect(await page.evaluate(() => (window as { __svgRan?: string }).__svgRan)).toBeUndefined();
      expect(suite.pageErrors.slice(errorsBefore)).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
