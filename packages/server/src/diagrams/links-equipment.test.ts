/**
 * The dynamic graph of an equipment on both databases: a project linked in fBKImg item 13 (SVG) or
 * 14 (3D), svgEquipsDate following the devices the linked projects draw, everything else of
 * fBKImg and fDODIMode kept, and who may link what (docs/protocol.md § fBKImg, § fDODIMode).
 */
import { parseBackground } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { expectError, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { svgDevicesFor } from './links-equipment.js';
import { newBoard, newProject, newUser, ok } from './links.test-support.js';

interface Record {
  settings: { background: string; modes: { doDi: { [key: string]: unknown; svgEquipsDate: unknown[] } } };
}

describe('svgEquipsDate for the linked projects', () => {
  baseIt('is the union of the devices drawn, keeping what an entry carried besides its ID', () => {
    const existing = [
      { id: 3, extra: { x: 1 } },
      { id: 'E9', extra: {} },
    ];
    expect(svgDevicesFor(existing, [[7, 3], []])).toEqual([
      { id: 3, extra: { x: 1 } },
      { id: 7, extra: {} },
    ]);
    expect(svgDevicesFor(existing, [[], []])).toEqual([]);
  });

  baseIt('keeps the entries there were when an item cannot be read (an older address, another space)', () => {
    const existing = [{ id: 'E9', extra: {} }];
    expect(svgDevicesFor(existing, [null, [4]])).toEqual([
      { id: 'E9', extra: {} },
      { id: 4, extra: {} },
    ]);
  });
});

describe.each(storageCases())('dynamic graph on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  it('links an SVG and a 3D project in items 13 and 14, keeping every other item and key', async () => {
    const a = await newUser(h, 'graph');
    const [board, pump, fan] = [await newBoard(h, a), await newBoard(h, a), await newBoard(h, a)];
    ok(
      await sendAs(h.app, 'PATCH', `/equipment/${board.id}`, a.token, {
        settings: {
          background: 'bg.png@#fff',
          modes: { doDi: { DOIndexArr: [1], custom: 'kept', svgEquipsDate: [{ ID: 'old', x: 1 }] } },
        },
      }),
    );
    const svg = await newProject(h, a, [board.id, pump.id]);
    const scene = await newProject(h, a, [fan.id], '3d');

    const linked = ok<Record>(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, a.token, { projectId: svg.id }),
    );
    expect(parseBackground(linked.settings.background)).toMatchObject({ svgUrl: svg.id, scene3dSource: '' });
    expect(parseBackground(linked.settings.background).items.slice(0, 2)).toEqual(['bg.png', '#fff']);
    expect(linked.settings.modes.doDi).toMatchObject({
      DOIndexArr: [1],
      custom: 'kept',
      svgEquipsDate: [{ ID: board.id }, { ID: pump.id }],
    });

    const both = ok<Record>(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, a.token, { projectId: scene.id }),
    );
    expect(parseBackground(both.settings.background)).toMatchObject({
      svgUrl: svg.id,
      scene3dSource: scene.id,
    });
    expect(both.settings.modes.doDi.svgEquipsDate).toEqual([
      { ID: board.id },
      { ID: pump.id },
      { ID: fan.id },
    ]);

    const unlinked = ok<Record>(
      await sendAs(h.app, 'DELETE', `/equipment/${board.id}/diagram?kind=svg`, a.token),
    );
    expect(parseBackground(unlinked.settings.background)).toMatchObject({
      svgUrl: '',
      scene3dSource: scene.id,
    });
    expect(unlinked.settings.modes.doDi.svgEquipsDate).toEqual([{ ID: fan.id }]);
    expect(unlinked.settings.modes.doDi).toMatchObject({ DOIndexArr: [1], custom: 'kept' });
    // The record as read afterwards says the same.
    const read = ok<Record>(await sendAs(h.app, 'GET', `/equipment/${board.id}`, a.token));
    expect(read.settings.background).toBe(unlinked.settings.background);
    expectError(
      await sendAs(h.app, 'DELETE', `/equipment/${board.id}/diagram?kind=2d`, a.token),
      400,
      'bad_request',
    );
  });

  it('keeps the devices listed beside an older console’s address it cannot read', async () => {
    const a = await newUser(h, 'legacy');
    const board = await newBoard(h, a);
    const legacy = `${'@'.repeat(13)}http://old.example/svg/farm.html`;
    ok(
      await sendAs(h.app, 'PATCH', `/equipment/${board.id}`, a.token, {
        settings: { background: legacy, modes: { doDi: { svgEquipsDate: [{ ID: 'E7' }] } } },
      }),
    );
    const scene = await newProject(h, a, [board.id], '3d');
    const linked = ok<Record>(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, a.token, { projectId: scene.id }),
    );
    expect(parseBackground(linked.settings.background).svgUrl).toBe('http://old.example/svg/farm.html');
    expect(linked.settings.modes.doDi.svgEquipsDate).toEqual([{ ID: 'E7' }, { ID: board.id }]);
  });

  it('needs the edit right on the equipment and a project of the caller’s own space', async () => {
    const owner = await newUser(h, 'graph-owner');
    const reader = await newUser(h, 'graph-reader');
    const editor = await newUser(h, 'graph-editor');
    const board = await newBoard(h, owner);
    const ownerProject = await newProject(h, owner, [board.id]);
    for (const [user, level] of [
      [reader, 'read'],
      [editor, 'readwrite'],
    ] as const) {
      const code = ok<{ code: string }>(
        await sendAs(h.app, 'POST', `/equipment/${board.id}/share-codes`, owner.token, {
          level,
          validity: '1w',
        }),
        201,
      ).code;
      ok(await sendAs(h.app, 'POST', '/share-codes/redeem', user.token, { code }));
    }
    const readerProject = await newProject(h, reader, [board.id]);
    expectError(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, reader.token, {
        projectId: readerProject.id,
      }),
      403,
      'forbidden',
    );
    // Another space's project is not there for the editor.
    expectError(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, editor.token, {
        projectId: ownerProject.id,
      }),
      404,
      'not_found',
    );
    const editorProject = await newProject(h, editor, [board.id]);
    const linked = ok<Record>(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, editor.token, {
        projectId: editorProject.id,
      }),
    );
    expect(parseBackground(linked.settings.background).svgUrl).toBe(editorProject.id);
    const stranger = await newUser(h, 'graph-stranger');
    expectError(
      await sendAs(h.app, 'PUT', `/equipment/${board.id}/diagram`, stranger.token, {
        projectId: ownerProject.id,
      }),
      404,
      'not_found',
    );
  });
});
