// @vitest-environment jsdom
import * as L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { forgetRemovedHandlers } from './device-map';

const keys = () => Object.keys((window as unknown as { _leaflet_events?: object })._leaflet_events ?? {});

describe('forgetRemovedHandlers', () => {
  it('deletes the entries Leaflet leaves on the window for handlers taken off, and keeps live ones', () => {
    const before = keys().length;
    // As each map does with its resize handler: on at its making, off at its removal.
    for (let i = 0; i < 5; i++) {
      const map = {};
      const onResize = () => undefined;
      L.DomEvent.on(window, 'resize', onResize, map);
      L.DomEvent.off(window, 'resize', onResize, map);
    }
    const live = () => undefined;
    L.DomEvent.on(window, 'resize', live);
    // Leaflet 1.9 leaves a key behind for each handler taken off.
    expect(keys().length).toBe(before + 6);

    forgetRemovedHandlers(window);
    expect(keys()).toHaveLength(1);
    let calls = 0;
    L.DomEvent.off(window, 'resize', live);
    L.DomEvent.on(window, 'resize', () => calls++);
    window.dispatchEvent(new Event('resize'));
    expect(calls).toBe(1);
  });

  it('leaves a target without Leaflet handlers alone', () => {
    const target = {};
    forgetRemovedHandlers(target);
    expect(target).toEqual({});
  });
});
