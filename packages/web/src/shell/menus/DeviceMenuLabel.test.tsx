// @vitest-environment jsdom
/**
 * A device's menu entry names its state on its dot: online, offline or alarm, and while online
 * the slave address it does not answer at, following the live pushes.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry, loadTreeStore } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import DeviceMenuLabel from './DeviceMenuLabel';

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  resetEquipment();
});

const dot = (container: HTMLElement) => container.querySelector<HTMLElement>('.fl-device-dot')!;

describe('a device’s menu entry', () => {
  it('says online, and that it does not answer at its address, until it answers or goes offline', () => {
    loadTreeStore([deviceEntry(1, 'Pump house')], {
      1: { isOnline: true, isAlarm: false, soc: 30, unansweredAddress: 7 },
    });
    const { container } = render(<DeviceMenuLabel id={1} title="Pump house" />);
    expect(dot(container).getAttribute('aria-label')).toBe('Online · Does not answer at address 7');
    expect(dot(container).title).toBe('Online · Does not answer at address 7');
    expect(container.textContent).toBe('Pump house');

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: null }]));
    expect(dot(container).getAttribute('aria-label')).toBe('Online');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: 3 }]));
    expect(dot(container).title).toBe('Online · Does not answer at address 3');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: false }]));
    expect(dot(container).title).toBe('Offline');
  });

  it('speaks the user’s language', () => {
    setLanguage('tc');
    loadTreeStore([deviceEntry(1, 'Pump house')], {
      1: { isOnline: true, isAlarm: false, soc: 30, unansweredAddress: 1 },
    });
    const { container } = render(<DeviceMenuLabel id={1} title="Pump house" />);
    expect(dot(container).title).toBe('在線 · 地址 1 無應答');
  });
});
