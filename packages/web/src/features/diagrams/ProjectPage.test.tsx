// @vitest-environment jsdom
import { emptyDiagram } from '@fieldlink/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { deviceEntry, seedEquipment } from '../../equipment/test-support';
import ProjectPage from './ProjectPage';
import { ID_A, project, renderAt, SLOW, where, withDocument } from './test-support';

const { serve } = setUpDeviceTests();

const DOCUMENT = {
  ...emptyDiagram(1600, 900),
  widgets: [
    {
      id: 'w1',
      kind: 'lamp' as const,
      x: 10,
      y: 10,
      width: 40,
      height: 40,
      rotation: 0,
      layer: 0,
      locked: false,
      hidden: false,
      binding: { equipmentId: 4, channel: { kind: 'do' as const, index: 1 } },
      onColor: '#52c41a',
      offColor: '#bfbfbf',
    },
  ],
};

describe('a diagram project page', { timeout: 20_000 }, () => {
  it('shows the header, the document’s facts with device names and the live-view region; goes back', async () => {
    seedEquipment({ entries: [deviceEntry(4, 'Pump 1')] });
    serve({
      [`GET /diagrams/${ID_A}`]: {
        body: withDocument(project({ kind: '3d', remarks: 'North site', equipment: [4, 9] }), DOCUMENT),
      },
    });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    const facts = await screen.findByTestId('diagram-facts', {}, SLOW);
    const header = screen.getByTestId('diagram-header');
    expect(header.textContent).toContain('Pump house');
    expect(header.textContent).toContain('3D');
    expect(screen.getByText('North site')).toBeTruthy();
    expect(facts.textContent).toContain('1600 × 900 px');
    expect(facts.textContent).toContain('Widgets1');
    expect(facts.textContent).toContain('Pump 1');
    expect(facts.textContent).toContain('Device #9 (not in your list)');
    expect(screen.getByTestId('diagram-live-view').textContent).toContain('Live view');

    fireEvent.click(screen.getByText('Back to diagrams'));
    expect(where()).toBe('/jujuda');
  });

  it('says so when the project is gone', async () => {
    serve({ [`GET /diagrams/${ID_A}`]: { status: 404 } });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    expect(
      await screen.findByText(
        'The diagram could not be read: this diagram no longer exists (it may have been deleted)',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
