// @vitest-environment jsdom
// The viewer where the browser gives no WebGL (jsdom has none): the reason is shown in place of the
// scene, nothing is fetched, and the list of bound meshes still says each one's state.
import type { ElementBinding } from '@fieldlink/protocol';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { installBrowserStubs } from '../test-support';
import { fixedEquipment } from '../values';
import SceneView from './SceneView';

const BINDINGS: ElementBinding[] = [
  {
    target: 'Pump',
    binding: { equipmentId: 7, channel: { kind: 'di', index: 1 } },
    rule: { property: 'color', on: '#00ff00', threshold: 0, decimals: 1 },
  },
];

beforeEach(() => {
  installBrowserStubs();
  setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the 3D viewer without WebGL', () => {
  it('says why the scene cannot be shown, reads nothing, and still lists the bound meshes', async () => {
    // As a browser without WebGL answers (jsdom would also complain that it has no canvas at all).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.resolve(new ArrayBuffer(0)));
    const values = new Map([
      [
        7,
        fixedEquipment({ channels: { di: [{ on: true, text: 'On', unit: '', alarm: false, name: 'DI1' }] } }),
      ],
    ]);
    render(<SceneView load={load} bindings={BINDINGS} values={values} />);
    const view = screen.getByTestId('scene-view');
    await waitFor(() => expect(view.getAttribute('data-status')).toBe('failed'));
    expect(screen.getByTestId('scene-failure').textContent).toMatch(
      /^The 3D view cannot be shown: this browser gives the page no WebGL \(.+\)\.$/,
    );
    expect(load).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(view.querySelector('canvas')).toBeNull();
    const pump = screen.getByTestId('scene-bindings').querySelector('li[data-target="Pump"]')!;
    expect(pump.getAttribute('data-state')).toBe('on');
    expect(pump.textContent).toBe('Pump: on');
  });
});
