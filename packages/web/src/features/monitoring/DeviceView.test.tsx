// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { mockFetch, SAMPLE_ACCESS, sampleMe } from '../../session/test-support';
import DeviceView from './DeviceView';
import { renderWithApp } from './test-render';

const COUNTS = { do: 2, di: 0, ai: 0, ao: 2 };
const READ_ONLY = 'Read only: you can watch this device but not operate it.';
const NO_CONFIG = 'No configuration permission currently';
const NO_OPR = 'Your account may not operate outputs (it lacks the OPR ability); ask an administrator.';

/** The device view of a board with two relays and two analog outputs, under `permission`. */
function renderWith(permission: Permission, more: Partial<Equipment> = {}) {
  const record = sampleRecord({ id: 5, name: 'Board', counts: COUNTS, permission, ...more });
  // The record's permission is the user's rights on it.
  seedEquipment({ types: { [record.type]: sampleType(record.type, COUNTS) }, records: [record] });
  renderWithApp(<DeviceView id={5} />);
}

const controls = () => ({
  switches: screen.queryAllByRole('switch').length,
  aoSet: screen.queryAllByRole('button', { name: 'Set' }).length,
  aoInputs: screen.queryAllByLabelText(/^New value of/).length,
});

let restore = (): void => undefined;
beforeEach(() => {
  setLanguage('en');
  useMe.getState().setMe(sampleMe());
  // The record read on selection fails: the one held stays.
  restore = mockFetch({ 'GET /equipment/5': { status: 500 } }).restore;
});
afterEach(() => {
  restore();
  cleanup();
  resetEquipment();
  useMe.getState().setMe(null);
});

describe('device view by permission', () => {
  it('a reader watches: no output or AO controls, told it is read only and may not configure', () => {
    renderWith(permissionFromLevel(1));
    expect(screen.getByText('Board')).toBeTruthy();
    expect(controls()).toEqual({ switches: 0, aoSet: 0, aoInputs: 0 });
    expect(screen.getByText(READ_ONLY)).toBeTruthy();
    expect(screen.getByTestId('no-config').textContent).toBe(NO_CONFIG);
  });

  it('an operator switches and sets outputs, but may not configure', () => {
    renderWith(permissionFromLevel(2));
    expect(controls()).toEqual({ switches: 2, aoSet: 2, aoInputs: 2 });
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect(screen.getByTestId('no-config').textContent).toBe(NO_CONFIG);
  });

  it('an owner operates and configures', () => {
    renderWith(sampleRecord().permission);
    expect(controls()).toEqual({ switches: 2, aoSet: 2, aoInputs: 2 });
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect(screen.queryByTestId('no-config')).toBeNull();
  });

  it('an editor without the operate right configures but does not operate', () => {
    renderWith(permissionFromLevel(3));
    expect(controls()).toEqual({ switches: 0, aoSet: 0, aoInputs: 0 });
    expect(screen.getByText(READ_ONLY)).toBeTruthy();
    expect(screen.queryByTestId('no-config')).toBeNull();
  });
});

describe("device view by the account's abilities (§6)", () => {
  it('without OPR an owner does not operate, and is told why', () => {
    useMe
      .getState()
      .setMe(sampleMe({ access: { ...SAMPLE_ACCESS, abilities: ['READ', 'WRITE', 'DELETE'] } }));
    renderWith(sampleRecord().permission);
    expect(controls()).toEqual({ switches: 0, aoSet: 0, aoInputs: 0 });
    expect(screen.getByText(NO_OPR)).toBeTruthy();
    expect(screen.queryByText(READ_ONLY)).toBeNull();
    expect(screen.queryByTestId('no-config')).toBeNull();
  });

  it('without OPR a reader is told it is read only (the right says so first)', () => {
    useMe.getState().setMe(sampleMe({ access: { ...SAMPLE_ACCESS, abilities: ['READ'] } }));
    renderWith(permissionFromLevel(1));
    expect(screen.getByText(READ_ONLY)).toBeTruthy();
  });

  it('the admin flag operates whatever the abilities', () => {
    useMe.getState().setMe(sampleMe({ authority: 1000, access: { admin: true, roles: [], abilities: [] } }));
    renderWith(permissionFromLevel(2));
    expect(controls()).toEqual({ switches: 2, aoSet: 2, aoInputs: 2 });
  });
});

describe('device view of the link', () => {
  it('warns that a device with an open link can be impersonated, and only then', () => {
    renderWith(sampleRecord().permission, { openLink: true });
    expect(screen.getByTestId('open-link').textContent).toMatch(
      /^Open link: this device connects without a link secret/,
    );
    cleanup();
    renderWith(sampleRecord().permission, { openLink: false, hasLinkSecret: true });
    expect(screen.queryByTestId('open-link')).toBeNull();
  });
});

describe('device view of the battery', () => {
  const status = (soc: number | null) => ({ ...sampleRecord().status, soc });
  const battery = () => screen.queryByTestId('device-soc')?.textContent ?? null;

  it('shows no battery for a board that never reported one, until a push carries it', () => {
    renderWith(sampleRecord().permission, { status: status(null) });
    expect(screen.getByText('Board')).toBeTruthy();
    expect(battery()).toBeNull();
    expect(screen.queryByText(/Battery/)).toBeNull();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: sampleRecord().unid, SOC: 30 }]));
    expect(battery()).toBe('Battery 30%');
  });

  it('shows the level the record holds, 30 % as any other', () => {
    renderWith(sampleRecord().permission, { status: status(55) });
    expect(battery()).toBe('Battery 55%');
    cleanup();
    renderWith(sampleRecord().permission, { status: status(30) });
    expect(battery()).toBe('Battery 30%');
  });
});
