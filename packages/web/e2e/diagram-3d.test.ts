/**
 * A 3D project in a real browser (WebGL in headless Chromium, SwiftShader) against the real server
 * and the demo plant: a GLB made in code uploaded into the project's file space, its 'Pump' mesh
 * bound to a relay of the demo relay board, 'Valve' shown while that relay is on and 'Tank'
 * labelled with the tank level; the relay is switched through the operations API the console uses.
 * A second project binds the Pump to a digital input of the demo's first wireless slave, whose
 * inputs change on their own (every 45 s, the four a quarter apart): its colour follows the DI.
 * The mesh's colour is checked in the list the viewer keeps for assistive technology and in the
 * pixels drawn at the mesh's place.
 * Screenshots in English, Chinese and traditional Chinese.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalGltfText, plantGlb } from '../src/diagrams/scene/test-support.js';
import { api, equipmentId } from './api.js';
import type { ApiSession } from './api.js';
import { inOtherLanguages, shoot, shown } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** A relay nothing else switches: not DO4 (the demo's light rule) or DO8 (its horn). */
const DO = 6;
const ON = '#22c55e';
const OFF = '#ef4444';
const LIVE_TIMEOUT_MS = 30_000;
/** A wireless slave's input flips every 45 s; its host reads it in turn with the others. */
const DI_TIMEOUT_MS = 120_000;

interface TreeNode {
  readonly id: number;
  readonly unid: string;
  readonly children: readonly TreeNode[];
}

type Rgb = readonly [number, number, number];

/** The colour drawn at a point of the page, read from a screenshot of the pixels around it. */
async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({
    clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 },
  });
  return page.evaluate(async (base64: string): Promise<Rgb> => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(1, 1, 1, 1).data;
    return [r!, g!, b!];
  }, png.toString('base64'));
}

describe.skipIf(skipBrowser())(browserSuiteTitle('3D projects in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let rest: ApiSession;
  let page: Page;
  let relay = 0;
  let projectId = '';
  const name = `Pump house 3D ${Math.floor(Math.random() * 1e6)}`;

  /** Uploads a file into a project's directory of the project file space. */
  async function upload(dir: string, fileName: string, bytes: ArrayBuffer | string): Promise<void> {
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    const uploaded = await fetch(`${suite.origin}/api/v1/files/project?dir=${dir}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rest.token}` },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  }

  /** A 3D project whose scene is `src` (no bindings); its id. */
  async function projectWithScene(title: string, src: (id: string) => string): Promise<string> {
    const made = await api<{ id: string; revision: number }>(rest, 'POST', '/diagrams', {
      name: title,
      kind: '3d',
    });
    await api(rest, 'PUT', `/diagrams/${made.id}/document`, {
      revision: made.revision,
      document: {
        format: 'fieldlink-diagram',
        version: 1,
        canvas: { background: {}, grid: {} },
        scene: { src: src(made.id), bindings: [] },
      },
    });
    return made.id;
  }

  const switchRelay = (on: boolean) =>
    api(rest, 'POST', `/equipment/${relay}/operations`, { opr: on ? 'openone' : 'closeone', io: DO, dly: 0 });

  beforeAll(async () => {
    rest = await suite.demoApi();
    relay = await equipmentId(rest, 'DEMO0001');
    const project = await api<{ id: string; revision: number }>(rest, 'POST', '/diagrams', {
      name,
      kind: '3d',
    });
    projectId = project.id;

    // The scene file goes where the console's editor puts it: the project's directory.
    await upload(projectId, 'pump-house.glb', plantGlb());

    const relayChannel = { equipmentId: relay, channel: { kind: 'do', index: DO } };
    await api(rest, 'PUT', `/diagrams/${projectId}/document`, {
      revision: project.revision,
      document: {
        format: 'fieldlink-diagram',
        version: 1,
        canvas: { background: {}, grid: {} },
        scene: {
          src: `${projectId}/pump-house.glb`,
          bindings: [
            { target: 'Pump', binding: relayChannel, rule: { property: 'color', on: ON, off: OFF } },
            { target: 'Valve', binding: relayChannel, rule: { property: 'visibility' } },
            {
              target: 'Tank',
              binding: { equipmentId: relay, channel: { kind: 'ai', index: 1 } },
              rule: { property: 'label', decimals: 2 },
            },
          ],
        },
      },
    });
    await switchRelay(false);
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (relay) await switchRelay(false).catch(() => undefined);
  });

  /** The bound mesh's entry in the viewer's list. */
  const mesh = (target: string) =>
    shown(page).locator(`[data-testid="scene-bindings"] li[data-target="${target}"]`);

  /**
   * The colour drawn at the centre of a bound mesh. The demo plant's alarm pop-ups are closed
   * first: one standing over the mesh's place would be sampled instead of the scene.
   */
  async function drawnAt(target: string): Promise<Rgb> {
    for (const close of await page.locator('.ant-notification-notice-close').all()) {
      await close.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await page.mouse.move(0, 0);
    const canvas = shown(page).locator('[data-testid="scene-view"] canvas');
    const box = await canvas.boundingBox();
    const x = Number(await mesh(target).getAttribute('data-x'));
    const y = Number(await mesh(target).getAttribute('data-y'));
    if (!box || !Number.isFinite(x) || !Number.isFinite(y))
      throw new Error(`${target} has no place on the canvas`);
    return pixelAt(page, box.x + x, box.y + y);
  }
  const greenish = ([r, g, b]: Rgb) => g > r + 40 && g > b + 20;
  const reddish = ([r, g, b]: Rgb) => r > g + 60 && r > b + 60;

  it(
    'opens the project live, and the Pump mesh changes colour when the relay switches',
    async () => {
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${projectId}`);
      const view = shown(page).getByTestId('scene-view');
      await expect.poll(() => view.getAttribute('data-status'), { timeout: LIVE_TIMEOUT_MS }).toBe('ready');
      await view.scrollIntoViewIfNeeded();

      // The board's state arrives over the live channel: the relay is off.
      await expect
        .poll(() => mesh('Pump').getAttribute('data-state'), { timeout: LIVE_TIMEOUT_MS })
        .toBe('off');
      expect(await mesh('Pump').getAttribute('data-color')).toBe(OFF);
      expect(await mesh('Pump').getAttribute('data-in-scene')).toBe('true');
      expect(await mesh('Valve').getAttribute('data-visible')).toBe('false');
      await expect
        .poll(() => mesh('Tank').getAttribute('data-label'), { timeout: LIVE_TIMEOUT_MS })
        .toMatch(/^\d+\.\d{2}( \S+)?$/);
      await expect.poll(() => drawnAt('Pump').then(reddish), { timeout: 10_000 }).toBe(true);
      await shoot(page, 'diagram-3d-off-en');

      await switchRelay(true);
      await expect
        .poll(() => mesh('Pump').getAttribute('data-state'), { timeout: LIVE_TIMEOUT_MS })
        .toBe('on');
      expect(await mesh('Pump').getAttribute('data-color')).toBe(ON);
      expect(await mesh('Valve').getAttribute('data-visible')).toBe('true');
      await expect.poll(() => drawnAt('Pump').then(greenish), { timeout: 10_000 }).toBe(true);
      await shoot(page, 'diagram-3d-on-en');

      await inOtherLanguages(page, async (lang) => {
        await expect.poll(() => mesh('Pump').textContent()).toMatch(lang === 'zh' ? /Pump：开/ : /Pump：開/);
        await shoot(page, `diagram-3d-on-${lang}`);
      });

      await switchRelay(false);
      await expect
        .poll(() => mesh('Pump').getAttribute('data-state'), { timeout: LIVE_TIMEOUT_MS })
        .toBe('off');
      await expect.poll(() => drawnAt('Pump').then(reddish), { timeout: 10_000 }).toBe(true);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'edits: lists the meshes, and a click on a mesh in the scene chooses it for binding',
    async () => {
      await shown(page).getByTestId('diagram-mode').getByText('Edit').click();
      const editor = shown(page).getByTestId('scene-editor');
      await editor.waitFor();
      const view = editor.getByTestId('scene-view');
      await expect.poll(() => view.getAttribute('data-status'), { timeout: LIVE_TIMEOUT_MS }).toBe('ready');
      const list = shown(page).getByTestId('scene-meshes');
      for (const name of ['Plant', 'Pump', 'Tank', 'Valve'])
        await list.locator(`button[data-mesh="${name}"]`).waitFor();

      // A click on the tank where the viewer says it is drawn picks it (a ray into the scene). The
      // editor's panels settle the canvas's size after it opens: the place is read again before
      // each try, until the click lands on the tank.
      await view.scrollIntoViewIfNeeded();
      const canvas = view.locator('canvas');
      const tank = editor.locator('[data-testid="scene-bindings"] li[data-target="Tank"]');
      const bindings = shown(page).getByTestId('scene-mesh-bindings');
      await expect
        .poll(
          async () => {
            const box = await canvas.boundingBox();
            const x = Number(await tank.getAttribute('data-x'));
            const y = Number(await tank.getAttribute('data-y'));
            if (!box) throw new Error('no canvas');
            await page.mouse.click(box.x + x, box.y + y);
            return bindings.getAttribute('data-target');
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe('Tank');
      expect(await list.locator('button[data-mesh="Tank"]').getAttribute('aria-pressed')).toBe('true');
      await shoot(page, 'diagram-3d-edit-en');
      await inOtherLanguages(page, (lang) => shoot(page, `diagram-3d-edit-${lang}`));
      // Nothing was changed: back to live without a question.
      await shown(page).getByTestId('diagram-mode').getByText('Live').click();
      await editor.waitFor({ state: 'detached' });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'follows a digital input: the Pump bound to a wireless slave’s DI changes colour when the input does',
    async () => {
      // The slave at address 1 under the demo team host (DEMO0004), its inputs toggling on their own.
      const tree = await api<{ devices: TreeNode[]; groups: { children: TreeNode[] }[] }>(
        rest,
        'GET',
        '/equipment/tree',
      );
      const nodes = [...tree.devices, ...tree.groups.flatMap((g) => g.children)];
      const slave = nodes.find((n) => n.unid === 'DEMO0004')?.children[0];
      if (!slave) throw new Error('the demo team host has no slave');
      const di = { equipmentId: slave.id, channel: { kind: 'di', index: 1 } };
      const made = await api<{ id: string; revision: number }>(rest, 'POST', '/diagrams', {
        name: `${name} DI`,
        kind: '3d',
      });
      await upload(made.id, 'pump-house.glb', plantGlb());
      await api(rest, 'PUT', `/diagrams/${made.id}/document`, {
        revision: made.revision,
        document: {
          format: 'fieldlink-diagram',
          version: 1,
          canvas: { background: {}, grid: {} },
          scene: {
            src: `${made.id}/pump-house.glb`,
            bindings: [{ target: 'Pump', binding: di, rule: { property: 'color', on: ON, off: OFF } }],
          },
        },
      });
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${made.id}`);
      const view = shown(page).getByTestId('scene-view');
      await expect.poll(() => view.getAttribute('data-status'), { timeout: LIVE_TIMEOUT_MS }).toBe('ready');
      await view.scrollIntoViewIfNeeded();
      await expect
        .poll(() => mesh('Pump').getAttribute('data-state'), { timeout: LIVE_TIMEOUT_MS })
        .toMatch(/^(on|off)$/);
      // Nothing of the last test over the scene: no pointer on it, no tooltip open.
      await page.mouse.move(0, 0);
      // Drawn in the colour of the state it has now: the input may flip meanwhile (CI saw it flip
      // between reading the state and sampling the canvas), so both are read on each try.
      // What was seen last, for the failure message: the state and the colour drawn.
      let seen = '';
      const drawnAsState = async (): Promise<string | null> => {
        const state = await mesh('Pump').getAttribute('data-state');
        const rgb = await drawnAt('Pump');
        seen = `state ${state}, drawn rgb(${rgb.join(', ')})`;
        const matches = state === 'on' ? greenish(rgb) : reddish(rgb);
        return matches && state === (await mesh('Pump').getAttribute('data-state')) ? state : null;
      };
      let first: string | null = null;
      await expect
        .poll(async () => (first = await drawnAsState()) ?? seen, { timeout: LIVE_TIMEOUT_MS })
        .toMatch(/^(on|off)$/);
      await shoot(page, 'diagram-3d-di-before-en');
      // The input flips within its 45 s period; the value arrives with the host’s next report.
      const next = first === 'on' ? 'off' : 'on';
      await expect
        .poll(() => mesh('Pump').getAttribute('data-state'), { timeout: DI_TIMEOUT_MS, interval: 1_000 })
        .toBe(next);
      expect(await mesh('Pump').getAttribute('data-color')).toBe(next === 'on' ? ON : OFF);
      await expect
        .poll(() => drawnAt('Pump').then(next === 'on' ? greenish : reddish), { timeout: 10_000 })
        .toBe(true);
      await shoot(page, 'diagram-3d-di-en');
    },
    DI_TIMEOUT_MS + FLOW_TIMEOUT_MS,
  );

  it(
    'says why a scene cannot be shown: a file that is gone, a file pointing outside itself',
    async () => {
      const gone = await projectWithScene(`${name} gone`, (id) => `${id}/gone.glb`);
      const outside = await projectWithScene(`${name} outside`, (id) => `${id}/outside.gltf`);
      await upload(outside, 'outside.gltf', externalGltfText('https://tracker.example/pump.bin'));
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));

      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${gone}`);
      const failure = shown(page).getByTestId('scene-failure');
      await failure.waitFor({ timeout: LIVE_TIMEOUT_MS });
      expect(await failure.textContent()).toContain(
        'The scene file could not be read: the file is not in the project’s files',
      );
      await shoot(page, 'diagram-3d-missing-en');

      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${outside}`);
      await expect
        .poll(() => shown(page).getByTestId('scene-failure').textContent(), { timeout: LIVE_TIMEOUT_MS })
        .toContain('The scene file could not be opened: it refers to https://tracker.example/pump.bin');
      // Refused before the browser was asked for it.
      expect(requested.filter((url) => url.includes('tracker.example'))).toEqual([]);
      await shoot(page, 'diagram-3d-outside-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran without a page error', () => {
    expect(suite.pageErrors).toEqual([]);
  });
});
