// @vitest-environment jsdom
import { emptyDiagram, formatBackground } from '@fieldlink/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../../api/equipment';
import { useRecord } from '../../../equipment/directory';
import { setUpDeviceTests } from '../../../equipment/test-hooks';
import { sampleRecord, sampleSettings, seedEquipment } from '../../../equipment/test-support';
import { confirmWith, ID_A, ID_B, project, renderAt, SLOW, withDocument } from '../test-support';
import DynamicGraphTab from './DynamicGraphTab';

const { serve } = setUpDeviceTests();

const DOCUMENT = {
  ...emptyDiagram(800, 400),
  widgets: [
    {
      id: 'lamp',
      kind: 'lamp' as const,
      x: 10,
      y: 10,
      width: 40,
      height: 40,
      rotation: 0,
      layer: 0,
      locked: false,
      hidden: false,
      binding: { equipmentId: 1, channel: { kind: 'do' as const, index: 1 } },
      onColor: '#52c41a',
      offColor: '#bfbfbf',
    },
  ],
};

function recordWith(svgUrl: string, overrides: Partial<Equipment> = {}): Equipment {
  const settings = sampleSettings({ do: 8, di: 8, ai: 2, ao: 0 });
  return sampleRecord({
    settings: { ...settings, background: formatBackground({ items: ['bg.png'], svgUrl, scene3dSource: '' }) },
    ...overrides,
  });
}

/** The tab as the device view draws it: with the record the console holds now. */
function Tab() {
  const record = useRecord(1);
  return record ? <DynamicGraphTab record={record} /> : null;
}

function show(record: Equipment) {
  seedEquipment({ records: [record] });
  renderAt(<Tab />, '/Equips');
}

describe('the dynamic graph tab', { timeout: 20_000 }, () => {
  it('draws the SVG project of item 13 live', async () => {
    serve({
      [`GET /diagrams/${ID_A}`]: {
        body: withDocument(project({ name: 'Pump house diagram', equipment: [1] }), DOCUMENT),
      },
      'GET /diagrams': { body: { items: [] } },
    });
    show(recordWith(ID_A));
    const drawn = await screen.findByTestId('graph-project', {}, SLOW);
    expect(drawn.getAttribute('data-project')).toBe(ID_A);
    expect(drawn.textContent).toContain('Pump house diagram');
    expect(screen.getByTestId('diagram-live').querySelector('[data-widget="lamp"]')).toBeTruthy();
  });

  it('says plainly when the project is another space’s', async () => {
    serve({ [`GET /diagrams/${ID_A}`]: { status: 404 }, 'GET /diagrams': { body: { items: [] } } });
    show(recordWith(ID_A));
    expect((await screen.findByTestId('graph-other-space', {}, SLOW)).textContent).toContain(
      'it belongs to another project space',
    );
  });

  it('shows an older console’s address as text, and nothing to link for a user who may not edit', async () => {
    serve({});
    const readOnly = {
      ...sampleRecord().permission,
      level: 1,
      operate: 0 as const,
      edit: false,
      delete: false,
      owner: false,
    };
    show(recordWith('http://old.example/svg/farm.html', { permission: readOnly }));
    const legacy = await screen.findByTestId('graph-legacy', {}, SLOW);
    expect(legacy.textContent).toContain('http://old.example/svg/farm.html');
    expect(screen.queryByTestId('graph-linker')).toBeNull();
  });

  it('lets whoever may edit the display link one of their projects, then unlink it', async () => {
    const linked = recordWith(ID_B);
    const fetches = serve({
      'GET /diagrams': { body: { items: [project({ id: ID_B, name: 'Tank farm' })] } },
      [`GET /diagrams/${ID_B}`]: {
        body: withDocument(project({ id: ID_B, name: 'Tank farm', equipment: [1] }), DOCUMENT),
      },
      'PUT /equipment/1/diagram': { body: linked },
      'DELETE /equipment/1/diagram': { body: recordWith('') },
    });
    show(recordWith(''));
    expect((await screen.findByTestId('graph-none', {}, SLOW)).textContent).toContain(
      'link one of your diagrams to show it here',
    );
    fireEvent.mouseDown(screen.getByLabelText('Choose one of your diagrams'));
    fireEvent.click(await screen.findByText('Tank farm (SVG diagram)', {}, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByTestId('graph-project', {}, SLOW);
    expect(fetches.calls.find((c) => c.method === 'PUT')?.body).toEqual({ projectId: ID_B });
    expect(await screen.findByText('Diagram linked', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Unlink the SVG diagram' }));
    await confirmWith('Unlink');
    await screen.findByTestId('graph-none', {}, SLOW);
    expect(fetches.calls.find((c) => c.method === 'DELETE')?.path).toBe('/equipment/1/diagram?kind=svg');
  });
});
