// @vitest-environment jsdom
// The SVG panel: the drawing uploaded or removed, its element ids listed and filtered, the picked
// element bound with a rule, bind by id, and bindings the drawing lacks shown as a warning.
import type { DiagramDocument } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { choose, installBrowserStubs } from '../../../diagrams/test-support';
import { sampleRecordOf, sampleType, seedEquipment } from '../../../equipment/test-support';
import { setLanguage } from '../../../i18n';
import type * as FilesApi from '../../../api/files';
import SvgDrawingPanel from './SvgDrawingPanel';

const files = vi.hoisted(() => ({ uploadFiles: vi.fn(), deleteFiles: vi.fn() }));
vi.mock('../../../api/files', async (original) => ({
  ...(await original<typeof FilesApi>()),
  uploadFiles: files.uploadFiles,
  deleteFiles: files.deleteFiles,
}));

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg">
  <defs><linearGradient id="grad"/></defs>
  <rect id="pump"/><text id="level">0</text><circle id="DO5"/><circle id="di2"/><rect id="AI1"/>
</svg>`;
const SRC = `data:image/svg+xml;utf8,${encodeURIComponent(DRAWING)}`;
type Svg = DiagramDocument['svg'];

const board = sampleRecordOf(
  { do: 8, di: 8, ai: 2, ao: 0 },
  (s) => ({ do: { ...s.do, names: ['', '', '', '', 'Pump', '', '', ''] } }),
  { id: 1, unid: 'DEMO0001', name: 'Demo board' },
);

function Harness({ initial, onChange }: { initial: Svg; onChange: (svg: Svg) => void }) {
  const [svg, setSvg] = useState(initial);
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <SvgDrawingPanel
          svg={svg}
          projectId={'a'.repeat(32)}
          picked={picked}
          onPick={setPicked}
          onChange={(next) => {
            onChange(next);
            setSvg(next);
          }}
        />
      </AntApp>
    </ConfigProvider>
  );
}

const idButton = (id: string) =>
  within(screen.getByRole('list', { name: 'Element ids' })).getByRole('button', {
    name: new RegExp(`^${id}`),
  });

const computedStyle = window.getComputedStyle;
beforeEach(() => {
  installBrowserStubs();
  // These tests look at content, not layout: no style is computed against antd's CSS.
  window.getComputedStyle = () => document.createElement('div').style;
  setLanguage('en');
  seedEquipment({ types: { 'FL-R8': sampleType() }, records: [board] });
  files.uploadFiles.mockReset();
  files.deleteFiles.mockReset();
});
afterEach(() => {
  cleanup();
  window.getComputedStyle = computedStyle;
});

const item = (over: Record<string, unknown>) => ({
  name: 'plant.svg',
  dir: 'a'.repeat(32),
  kind: 'svg',
  url: '/api/v1/pictures/k1/plant.svg',
  ...over,
});

describe('SVG drawing panel: the drawing', () => {
  it("uploads an SVG to the project's directory and takes its address", async () => {
    const onChange = vi.fn();
    files.uploadFiles.mockResolvedValue({ items: [item({})] });
    render(<Harness initial={null} onChange={onChange} />);
    expect(screen.getByText(/No SVG drawing yet/)).toBeTruthy();
    const file = new File([DRAWING], 'plant.svg', { type: 'image/svg+xml' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('svg-upload-input'), { target: { files: [file] } });
    });
    expect(files.uploadFiles).toHaveBeenCalledWith(
      'project',
      [file],
      expect.objectContaining({ dir: 'a'.repeat(32), pictures: true }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ src: '/api/v1/pictures/k1/plant.svg', bindings: [] }),
    );
  });

  it('refuses an upload that is not an SVG and deletes it again', async () => {
    const onChange = vi.fn();
    files.uploadFiles.mockResolvedValue({
      items: [item({ name: 'x.png', kind: 'image', url: '/api/v1/pictures/k2/x.png' })],
    });
    files.deleteFiles.mockResolvedValue(1);
    render(<Harness initial={null} onChange={onChange} />);
    await act(async () => {
      fireEvent.change(screen.getByTestId('svg-upload-input'), {
        target: { files: [new File(['x'], 'x.png')] },
      });
    });
    await waitFor(() => expect(screen.getByText('“x.png” is not an SVG drawing')).toBeTruthy());
    expect(files.deleteFiles).toHaveBeenCalledWith('project', 'a'.repeat(32), ['x.png']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the drawing after asking', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ src: SRC, bindings: [] }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Remove the drawing/ }));
    await waitFor(() => expect(screen.getByText('Remove the drawing and all its bindings?')).toBeTruthy());
    const popover = document.querySelector<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(popover).getByRole('button', { name: 'Remove the drawing' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('SVG drawing panel: elements and bindings', () => {
  it('lists the drawn element ids, filters them, and binds the picked one', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ src: SRC, bindings: [] }} onChange={onChange} />);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Element ids' })).toBeTruthy());
    const list = screen.getByRole('list', { name: 'Element ids' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['pump', 'level', 'DO5', 'di2', 'AI1']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter element ids' }), {
      target: { value: 'PU' },
    });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['pump']);

    fireEvent.click(idButton('pump'));
    expect(screen.getByText('Element “pump”')).toBeTruthy();
    await choose('pump New binding equipment', 'Demo board (DEMO0001)');
    await choose('pump New binding channel', 'DO5 · Pump');
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect(onChange).toHaveBeenLastCalledWith({
      src: SRC,
      bindings: [
        {
          target: 'pump',
          binding: { equipmentId: 1, channel: { kind: 'do', index: 5 } },
          rule: { property: 'fill', on: '#52c41a', off: '#bfbfbf', threshold: 0, decimals: 1 },
        },
      ],
    });
    expect(idButton('pump').textContent).toContain('bound');

    // Its rule: another colour, then the value as text.
    fireEvent.change(screen.getByLabelText('pump on colour'), { target: { value: '#00ff00' } });
    expect(onChange.mock.lastCall![0].bindings[0].rule.on).toBe('#00ff00');
    await choose('pump property', 'Value as text');
    expect(onChange.mock.lastCall![0].bindings[0].rule).toMatchObject({ property: 'text', on: '#00ff00' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove binding pump' }));
    expect(onChange).toHaveBeenLastCalledWith({ src: SRC, bindings: [] });
  });

  it('edits the threshold and decimals of an analog binding', async () => {
    const onChange = vi.fn();
    const binding = { equipmentId: 1, channel: { kind: 'ai' as const, index: 1 } };
    render(
      <Harness
        initial={{
          src: SRC,
          bindings: [
            { target: 'level', binding, rule: { property: 'visibility', threshold: 0, decimals: 1 } },
          ],
        }}
        onChange={onChange}
      />,
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Element ids' })).toBeTruthy());
    fireEvent.click(idButton('level'));
    fireEvent.change(screen.getByLabelText('level threshold'), { target: { value: '2.5' } });
    fireEvent.blur(screen.getByLabelText('level threshold'));
    expect(onChange.mock.lastCall![0].bindings[0].rule.threshold).toBe(2.5);
    await choose('level property', 'Value as text');
    fireEvent.change(screen.getByLabelText('level decimals'), { target: { value: '3' } });
    fireEvent.blur(screen.getByLabelText('level decimals'));
    expect(onChange.mock.lastCall![0].bindings[0].rule).toMatchObject({ property: 'text', decimals: 3 });
  });

  it('binds by id to one equipment', async () => {
    const onChange = vi.fn();
    render(<Harness initial={{ src: SRC, bindings: [] }} onChange={onChange} />);
    await waitFor(() => expect(screen.getByTestId('svg-bind-by-id')).toBeTruthy());
    await choose('By id equipment', 'Demo board (DEMO0001)');
    const suggestions = screen.getByRole('list', { name: 'Bind by id' });
    expect(
      within(suggestions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['DO5 → DO5', 'di2 → DI2', 'AI1 → AI1']);
    fireEvent.click(screen.getByRole('button', { name: 'Bind them' }));
    expect(onChange.mock.lastCall![0].bindings.map((b: { target: string }) => b.target)).toEqual([
      'DO5',
      'di2',
      'AI1',
    ]);
    expect(screen.getByText('No unbound element id names a channel of this equipment.')).toBeTruthy();
  });

  it('warns of bindings whose element the drawing lacks, and removes them', async () => {
    const onChange = vi.fn();
    const binding = { equipmentId: 1, channel: { kind: 'do' as const, index: 2 } };
    const rule = { property: 'fill' as const, threshold: 0, decimals: 1 };
    render(
      <Harness
        initial={{
          src: SRC,
          bindings: [
            { target: 'pump', binding, rule },
            { target: 'oldValve', binding, rule },
          ],
        }}
        onChange={onChange}
      />,
    );
    const warning = await screen.findByTestId('svg-missing');
    expect(warning.textContent).toContain('oldValve');
    expect(warning.textContent).not.toContain('pump');
    fireEvent.click(within(warning).getByRole('button', { name: 'Remove binding oldValve' }));
    expect(onChange).toHaveBeenLastCalledWith({ src: SRC, bindings: [{ target: 'pump', binding, rule }] });
    expect(screen.queryByTestId('svg-missing')).toBeNull();
  });
});
