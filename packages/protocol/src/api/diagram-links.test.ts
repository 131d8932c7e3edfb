// Checks docs/protocol.md § fBKImg: what items 13 and 14 name as an equipment's dynamic graph.
import { describe, expect, it } from 'vitest';
import { formatBackground } from '../equipment/background.js';
import { DiagramLinkCreate, linkedDiagramOf, linkedDiagrams, wallPath } from './diagram-links.js';

const ID = '0123456789abcdef0123456789abcdef';

describe('the dynamic graph in fBKImg', () => {
  it('reads a project id, an older console’s address, or nothing', () => {
    expect(linkedDiagramOf(ID)).toEqual({ kind: 'project', projectId: ID });
    expect(linkedDiagramOf(` ${ID} `)).toEqual({ kind: 'project', projectId: ID });
    expect(linkedDiagramOf('http://old.example/svg/farm.html')).toEqual({
      kind: 'address',
      address: 'http://old.example/svg/farm.html',
    });
    // Upper case or a character short is not one of our ids: an address as it came.
    expect(linkedDiagramOf(ID.toUpperCase())).toMatchObject({ kind: 'address' });
    expect(linkedDiagramOf(ID.slice(1))).toMatchObject({ kind: 'address' });
    expect(linkedDiagramOf('')).toBeNull();
    expect(linkedDiagramOf('  ')).toBeNull();
  });

  it('takes item 13 as the SVG graph and item 14 as the 3D one', () => {
    const text = formatBackground({ items: ['bg.png'], svgUrl: ID, scene3dSource: 'scene.glb' });
    expect(linkedDiagrams(text)).toEqual({
      svg: { kind: 'project', projectId: ID },
      '3d': { kind: 'address', address: 'scene.glb' },
    });
    expect(linkedDiagrams('bg.png')).toEqual({ svg: null, '3d': null });
    expect(linkedDiagrams(undefined)).toEqual({ svg: null, '3d': null });
  });
});

describe('share links', () => {
  it('put the token in the wall page’s query and take an expiry or none', () => {
    expect(wallPath('abc')).toBe('/#/wall?link=abc');
    expect(DiagramLinkCreate.parse({ label: 'Lobby' })).toEqual({ label: 'Lobby', expiresAt: null });
    expect(DiagramLinkCreate.safeParse({ label: '' }).success).toBe(false);
    expect(DiagramLinkCreate.safeParse({ label: 'x', expiresAt: 'tomorrow' }).success).toBe(false);
  });
});
