/**
 * The diagram pages' tests: projects shaped like the server's, a page drawn at its route with the
 * providers it needs (antd's motion off), and the controls found by their label or text.
 */
import { emptyDiagram } from '@fieldlink/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { DiagramProject, DiagramWithDocument } from '../../api/diagrams';
import { renderPage } from '../auth/test-render';

export const SLOW = { timeout: 4000 };

export const ID_A = 'a'.repeat(32);
export const ID_B = 'b'.repeat(32);

export function project(overrides: Partial<DiagramProject> = {}): DiagramProject {
  return {
    id: ID_A,
    name: 'Pump house',
    kind: 'svg',
    remarks: '',
    equipType: null,
    cover: '',
    preview: '',
    equipment: [],
    revision: 0,
    createdBy: 7,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

export function withDocument(
  summary: DiagramProject,
  document: DiagramWithDocument['document'] = emptyDiagram(),
): DiagramWithDocument {
  return { ...summary, document };
}

/** Draws `page` at `route` (matched by `path`); other addresses show where the router went. */
export function renderAt(page: ReactElement, path: string, route = path) {
  // These tests look at content, not layout: no style is computed against antd's CSS.
  window.getComputedStyle = () => document.createElement('div').style;
  return renderPage(<ConfigProvider theme={{ token: { motion: false } }}>{page}</ConfigProvider>, {
    path,
    route,
  });
}

export const where = (): string => screen.getByTestId('where').textContent ?? '';

/** The open dialog (antd's modal). */
export function dialog(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal')];
  if (open.length === 0) throw new Error('no dialog open');
  return open[open.length - 1]!;
}

/** The button showing exactly `text` within `scope`. */
export function button(text: string, scope: ParentNode = document.body): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].filter(
    (b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''),
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons show ${text}`);
  return found[0]!;
}

/** Clicks the button of the open confirmation showing `text`. */
export async function confirmWith(text: string): Promise<void> {
  const popover = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')].at(-1);
    expect(open).toBeTruthy();
    return open!;
  }, SLOW);
  fireEvent.click(button(text, popover));
}

/** A chosen file whose text reads as a browser's does (jsdom's File has no `text()`). */
export function textFile(name: string, content: string): File {
  const file = new File([content], name, { type: 'application/json' });
  return Object.assign(file, { text: () => Promise.resolve(content) });
}
