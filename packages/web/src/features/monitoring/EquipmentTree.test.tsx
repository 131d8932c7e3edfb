// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry, loadTreeStore } from '../../equipment/test-support';
import type { NodeFlags } from '../../equipment/tree';
import { setLanguage } from '../../i18n';
import EquipmentTree, { ROW_HEIGHT } from './EquipmentTree';
import { renderWithApp } from './test-render';

const DEVICES = 10_000;
const HEIGHT = 320;

beforeEach(() => {
  setLanguage('en');
  // Names that sort as their numbers: device i is row i - 1.
  const entries = Array.from({ length: DEVICES }, (_, i) =>
    deviceEntry(i + 1, `Device ${String(i + 1).padStart(5, '0')}`),
  );
  const flags: Record<number, NodeFlags> = {};
  for (const e of entries) flags[e.id] = { isOnline: true, isAlarm: false, soc: 100 };
  loadTreeStore(entries, flags);
});
afterEach(() => {
  cleanup();
  useEquipmentStore.getState().reset();
});

const rowNames = () =>
  screen.queryAllByRole('treeitem').map((r) => r.querySelector('.tree-name')?.textContent ?? '');

describe('equipment tree with 10,000 devices', () => {
  it('puts only a window of rows in the page, and moves the window as the list scrolls', () => {
    renderWithApp(
      <EquipmentTree
        filter={{ text: '', status: 'all' }}
        selectedId={null}
        onSelect={() => undefined}
        height={HEIGHT}
      />,
    );
    const tree = screen.getByRole('tree');
    // The screenful and a few rows either side, not ten thousand.
    const screenful = HEIGHT / ROW_HEIGHT;
    expect(rowNames().length).toBeGreaterThanOrEqual(screenful);
    expect(rowNames().length).toBeLessThan(screenful + 20);
    expect(rowNames()[0]).toBe('Device 00001');
    // The list is as tall as every row, so the scroll bar covers all of them.
    expect((tree.firstElementChild as HTMLElement).style.height).toBe(`${DEVICES * ROW_HEIGHT}px`);

    tree.scrollTop = 5000 * ROW_HEIGHT;
    fireEvent.scroll(tree);
    const names = rowNames();
    expect(names).toContain('Device 05001');
    expect(names).not.toContain('Device 00001');
    expect(names.length).toBeLessThan(screenful + 20);
  });
});
