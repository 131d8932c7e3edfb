// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import FileManager from './FileManager';
import { debounced, DEFAULT_LAYOUT, readLayouts } from './layout';
import type { Timers } from './layout';
import { dirSteps, folderProblem, spaceKind } from './paths';
import {
  DOCUMENT_PATH,
  listing,
  renderFiles,
  rowNames,
  sampleFile,
  setUpFileTests,
  toasts,
} from './test-support';

const SLOW = { timeout: 4000 };

describe('saved layouts', () => {
  it('take what is known of a stored document, defaults for the rest', () => {
    expect(readLayouts(null)).toEqual({});
    expect(readLayouts('grid')).toEqual({});
    expect(
      readLayouts({
        me: { view: 'grid', sortKey: 'size', sortOrder: 'descend', pageSize: 50 },
        admin: { view: 'table', sortKey: 'colour', pageSize: 7 },
        equipment: 'grid',
        other: { view: 'grid' },
      }),
    ).toEqual({
      me: { view: 'grid', sortKey: 'size', sortOrder: 'descend', pageSize: 50 },
      admin: DEFAULT_LAYOUT,
    });
  });

  it('are saved once the changes stop, or at once when flushed', () => {
    const pending: (() => void)[] = [];
    const timers: Timers = {
      setTimeout: (run) => pending.push(run),
      clearTimeout: (handle) => {
        pending[(handle as number) - 1] = () => undefined;
      },
    };
    const saved: number[] = [];
    const saver = debounced((n: number) => saved.push(n), 1000, timers);
    saver.push(1);
    saver.push(2);
    pending.forEach((run) => run());
    expect(saved).toEqual([2]);
    saver.push(3);
    saver.flush();
    saver.flush();
    expect(saved).toEqual([2, 3]);
    saver.push(4);
    saver.cancel();
    pending.forEach((run) => run());
    expect(saved).toEqual([2, 3]);
  });
});

describe('paths', () => {
  it('name the kind of a space, the breadcrumb and what a folder may be called', () => {
    expect(spaceKind('equipment-12')).toBe('equipment');
    expect(spaceKind('admin')).toBe('admin');
    expect(dirSteps('')).toEqual([]);
    expect(dirSteps('a/b')).toEqual([
      { name: 'a', dir: 'a' },
      { name: 'b', dir: 'a/b' },
    ]);
    expect(folderProblem('a', 'b')).toBeNull();
    expect(folderProblem('', 'a/b')).toBe('invalid');
    expect(folderProblem('', ' a')).toBe('invalid');
    expect(folderProblem('', '..')).toBe('invalid');
    expect(folderProblem('1/2/3/4/5/6/7', '8')).toBeNull();
    expect(folderProblem('1/2/3/4/5/6/7/8', '9')).toBe('tooDeep');
  });
});

const { serve, calls } = setUpFileTests();

describe('the manager’s view', () => {
  it('is restored from the saved document and saved back, a failed save only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stored = {
      me: { view: 'grid', sortKey: 'size', sortOrder: 'descend', pageSize: 50 },
      equipment: { view: 'grid', sortKey: 'name', sortOrder: 'ascend', pageSize: 10 },
    };
    serve({
      [`GET ${DOCUMENT_PATH}`]: {
        body: {
          ftype: 'console-layout',
          fname: 'file-manager',
          size: 100,
          updatedAt: '2026-01-05T08:00:00.000Z',
          context: stored,
        },
      },
      [`PUT ${DOCUMENT_PATH}`]: { status: 500 },
      'GET /files/me': {
        body: listing({
          items: [
            sampleFile({ name: 'a', size: 5 }),
            sampleFile({ name: 'b', size: 9 }),
            sampleFile({ name: 'c', size: 1 }),
          ],
        }),
      },
    });
    renderFiles(<FileManager space="me" layoutSaveDelayMs={0} />);
    // Thumbnails, biggest first.
    await waitFor(() => {
      const cards = screen.queryAllByTestId('files-card').map((c) => c.querySelector('strong')?.textContent);
      expect(cards).toEqual(['b', 'a', 'c']);
    }, SLOW);

    fireEvent.click(screen.getByText('List'));
    await waitFor(() => expect(rowNames()).toEqual(['b', 'a', 'c']), SLOW);
    fireEvent.click(screen.getByText('File name', { selector: 'th *' }));
    await waitFor(() => expect(rowNames()).toEqual(['a', 'b', 'c']), SLOW);
    await waitFor(() => {
      const puts = calls().filter((c) => c.method === 'PUT');
      expect(puts.at(-1)?.body).toEqual({
        context: {
          me: { view: 'list', sortKey: 'name', sortOrder: 'ascend', pageSize: 50 },
          equipment: stored.equipment,
        },
      });
    }, SLOW);
    await waitFor(
      () => expect(warn).toHaveBeenCalledWith('file manager layout not saved', expect.anything()),
      SLOW,
    );
    expect(toasts()).toEqual([]);
  });
});
