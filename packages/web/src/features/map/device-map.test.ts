// @vitest-environment jsdom
import * as L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { forgetRemovedHandlers } from './device-map';

/** Leaflet's typings take an element; it handles the window as one (as Map does for its resize). */
const win = window as unknown as HTMLElement;
const keys = () => Object.keys((window as unknown as { _leaflet_events?: object })._leaflet_events ?? {});

describe('forgetRemovedHandlers', () => {
  it('deletes the entries Leaflet leaves on the window for handlers taken off, and keeps live ones', () => {
    const before = keys().length;
    // As each map does with its resize handler: on at its making, off at its removal.
    for (let i = 0; i < 5; i++) {
      const map = {};
      const onResize = () => undefined;
      L.DomEvent.on(win, 'resize', onResize, map);
      L.DomEvent.off(win, 'resize', onResize, map);
    }
    const live = () => undefined;
    L.DomEvent.on(win, 'resize', live);
    // Leaflet 1.9 leaves a key behind for each handler taken off.
    expect(keys().length).toBe(before + 6);

    forgetRemovedHandlers(window);
    expect(keys()).toHaveLength(1);
    let calls = 0;
    L.DomEvent.off(win, 'resize', live);
    L.DomEvent.on(win, 'resize', () => calls++);
    window.dispatchEvent(new Event('resize'));
    expect(calls).toBe(1);
  });

  it('leaves a target without Leaflet handlers alone', () => {
    const target = {};
    forgetRemovedHandlers(target);
    expect(target).toEqual({});
  });
});
