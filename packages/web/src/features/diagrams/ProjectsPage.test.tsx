// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../api/history';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleType, seedEquipment } from '../../equipment/test-support';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { saveFile } from '../history/export-stream';
import ProjectsPage from './ProjectsPage';
import {
  button,
  confirmWith,
  dialog,
  ID_A,
  ID_B,
  project,
  renderAt,
  SLOW,
  textFile,
  where,
  withDocument,
} from './test-support';

vi.mock('../history/export-stream', () => ({ saveFile: vi.fn() }));

const PUMP = project({
  remarks: 'North site, two pumps',
  cover: '/api/v1/pictures/k1/pump.png',
  equipment: [4, 5],
  updatedAt: '2026-02-01T10:00:00.000Z',
});
const TANK = project({ id: ID_B, name: 'Tank farm', kind: '3d', equipType: 'FL-R8' });

const { serve } = setUpDeviceTests();
const sent = (calls: readonly RecordedRequest[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => ({ path: c.path, body: c.body }));
const card = (id: string) => screen.getByTestId(`diagram-${id}`);
const toast = (text: string) => screen.findByText(text, {}, SLOW);

function draw() {
  return renderAt(<ProjectsPage />, '/jujuda');
}

describe('the diagram list', { timeout: 20_000 }, () => {
  it('shows each project; searches; renames, copies, exports, deletes after a confirmation; opens one', async () => {
    seedEquipment({
      types: { 'FL-R8': { ...sampleType('FL-R8'), names: { en: 'Relay 8', zh: '八路', tc: '八路' } } },
    });
    const renamed = withDocument({ ...PUMP, name: 'Pump house 2' });
    const copied = withDocument(project({ id: ID_B, name: 'Pump house (copy)' }));
    const mock = serve({
      'GET /diagrams': { body: { items: [PUMP, TANK] } },
      [`PATCH /diagrams/${ID_A}`]: { body: renamed },
      [`POST /diagrams/${ID_A}/copy`]: { status: 201, body: copied },
      [`GET /diagrams/${ID_A}/export`]: {
        body: { format: 'fieldlink-diagram-project' },
        headers: { 'content-disposition': 'attachment; filename="diagram-aaaaaaaa.json"' },
      },
      [`DELETE /diagrams/${ID_A}`]: { status: 204 },
    });
    draw();
    await screen.findByText('Pump house', {}, SLOW);

    const pump = card(ID_A);
    expect(within(pump).getByAltText('Pump house').getAttribute('src')).toBe(PUMP.cover);
    expect(pump.textContent).toContain('North site, two pumps');
    expect(within(pump).getByTestId('diagram-kind').textContent).toBe('SVG');
    expect(pump.textContent).toContain('Devices drawn: 2');
    expect(pump.textContent).toContain(`Updated ${formatDateTime(new Date(PUMP.updatedAt))}`);
    const tank = card(ID_B);
    expect(within(tank).getByTestId('diagram-placeholder')).toBeTruthy();
    expect(within(tank).getByTestId('diagram-kind').textContent).toBe('3D');
    expect(tank.textContent).toContain('Relay 8');
    expect(tank.textContent).toContain('No remarks');

    const search = screen.getByLabelText('Search by name');
    fireEvent.change(search, { target: { value: 'TANK' } });
    expect(screen.queryByTestId(`diagram-${ID_A}`)).toBeNull();
    fireEvent.change(search, { target: { value: 'boiler' } });
    expect(screen.getByText('No diagram name contains “boiler”')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });

    // Rename: only what changed is sent.
    fireEvent.click(screen.getByLabelText('Rename or edit Pump house'));
    const name = within(dialog()).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Pump house');
    fireEvent.change(name, { target: { value: 'Pump house 2' } });
    fireEvent.click(button('Save', dialog()));
    await toast('Diagram “Pump house 2” saved');
    expect(sent(mock.calls, 'PATCH')).toEqual([
      { path: `/diagrams/${ID_A}`, body: { name: 'Pump house 2' } },
    ]);

    fireEvent.click(screen.getByLabelText('Copy Pump house'));
    await toast('Copied as “Pump house (copy)”');
    expect(sent(mock.calls, 'POST')).toEqual([{ path: `/diagrams/${ID_A}/copy`, body: {} }]);

    fireEvent.click(screen.getByLabelText('Export Pump house as a file'));
    await toast('Saved as diagram-aaaaaaaa.json');
    const [parts, fileName, type] = vi.mocked(saveFile).mock.calls[0]!;
    expect([fileName, type]).toEqual(['diagram-aaaaaaaa.json', 'application/json']);
    expect(JSON.parse(await (parts[0] as Blob).text())).toEqual({ format: 'fieldlink-diagram-project' });

    fireEvent.click(screen.getByLabelText('Delete Pump house'));
    expect(await screen.findByText('Delete the diagram “Pump house”?', {}, SLOW)).toBeTruthy();
    expect(sent(mock.calls, 'DELETE')).toEqual([]);
    await confirmWith('Delete');
    await toast('Diagram “Pump house” deleted');
    expect(sent(mock.calls, 'DELETE')).toEqual([{ path: `/diagrams/${ID_A}`, body: undefined }]);

    // The picture opens a project, as the Open action does.
    fireEvent.click(within(card(ID_B)).getAllByLabelText('Open Tank farm')[0]!);
    expect(where()).toBe(`/jujuda/jujudaHandle/${ID_B}`);
  });

  it('starts empty; imports a file (not JSON: refused unsent; refused by the server: its words); creates one and opens it', async () => {
    const file = {
      format: 'fieldlink-diagram-project',
      version: 1,
      project: { name: 'Old farm' },
      document: {},
    };
    let imports = 0;
    const made = withDocument(project({ id: ID_B, name: 'Boiler room', kind: '3d', remarks: 'Level 2' }));
    const mock = serve({
      'GET /diagrams': { body: { items: [] } },
      'POST /diagrams/import': (): Reply =>
        ++imports === 1
          ? { status: 201, body: withDocument(project({ name: 'Old farm' })) }
          : errorReply(
              400,
              'bad_request',
              'the diagram is not valid: format: not a fieldlink-diagram document',
            ),
      'POST /diagrams': { status: 201, body: made },
    });
    draw();
    expect(await screen.findByText(/No diagrams yet/, {}, SLOW)).toBeTruthy();
    expect(button('Start a diagram')).toBeTruthy();
    const input = screen.getByTestId('diagram-import-file');

    fireEvent.change(input, { target: { files: [textFile('notes.txt', 'pump=1')] } });
    await toast(
      '“notes.txt” is not a JSON file, so it cannot be a diagram. Choose a .json file exported from a diagram.',
    );
    expect(sent(mock.calls, 'POST')).toEqual([]);

    fireEvent.change(input, { target: { files: [textFile('farm.json', JSON.stringify(file))] } });
    await toast('Diagram “Old farm” imported');
    expect(sent(mock.calls, 'POST')).toEqual([{ path: '/diagrams/import', body: file }]);

    fireEvent.change(input, { target: { files: [textFile('bad.json', '{"hello":"world"}')] } });
    await toast(
      'The file could not be imported: the diagram is not valid: format: not a fieldlink-diagram document',
    );

    // A new project: the name is checked at its bound, then the project is made and opened.
    fireEvent.click(button('New diagram'));
    const name = within(dialog()).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'x'.repeat(65) } });
    fireEvent.click(button('Create and open', dialog()));
    await within(dialog()).findByText('A name has at most 64 characters', {}, SLOW);
    fireEvent.change(name, { target: { value: '  Boiler room ' } });
    fireEvent.click(within(dialog()).getByLabelText('3D'));
    fireEvent.change(within(dialog()).getByLabelText('Remarks'), { target: { value: 'Level 2' } });
    fireEvent.click(button('Create and open', dialog()));
    await waitFor(() => expect(where()).toBe(`/jujuda/jujudaHandle/${ID_B}`), SLOW);
    expect(sent(mock.calls, 'POST').slice(2)).toEqual([
      { path: '/diagrams', body: { name: 'Boiler room', kind: '3d', remarks: 'Level 2', equipType: null } },
    ]);
  });
});
