// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { deviceEntry, loadTreeStore } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { DeviceIcon, STATE_COLORS } from './DeviceIcon';
import EquipmentTree from './EquipmentTree';
import { renderWithApp } from './test-render';

const PICTURE = '/api/v1/pictures/K1/boiler.png';

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  resetEquipment();
});

const rowOf = (name: string) => screen.getByText(name).closest('[role=treeitem]')!;

describe("the tree's device icon", () => {
  it("shows the device's picture, 16 px and ringed by state, and the drawn glyph when it fails", () => {
    loadTreeStore(
      [
        { ...deviceEntry(1, 'Boiler'), icon: PICTURE },
        { ...deviceEntry(2, 'Pump'), icon: 'ab00.png' },
        { ...deviceEntry(3, 'Roof'), icon: 'https://cdn.example.com/roof.webp' },
      ],
      {
        1: { isOnline: true, isAlarm: false, soc: 100 },
        2: { isOnline: true, isAlarm: false, soc: 100 },
        3: { isOnline: false, isAlarm: true, soc: 100 },
      },
    );
    renderWithApp(
      <EquipmentTree filter={{ text: '', status: 'all' }} selectedId={null} onSelect={() => undefined} />,
    );
    const img = rowOf('Boiler').querySelector('img')!;
    expect(img.getAttribute('src')).toBe(PICTURE);
    expect(img.getAttribute('alt')).toBe('');
    expect([img.width, img.height]).toEqual([16, 16]);
    expect(img.dataset.ring).toBe(STATE_COLORS.online);
    expect(rowOf('Roof').querySelector('img')?.dataset.ring).toBe(STATE_COLORS.alarm);
    // A catalogue name is drawn, never fetched.
    expect(rowOf('Pump').querySelector('img')).toBeNull();
    expect(rowOf('Pump').querySelector('.anticon-control')).not.toBeNull();

    fireEvent.error(img);
    expect(rowOf('Boiler').querySelector('img')).toBeNull();
    expect((rowOf('Boiler').querySelector('.anticon-control') as HTMLElement).style.color).toBe(
      'rgb(82, 196, 26)',
    );
  });

  it('loads no address the console does not serve pictures from', () => {
    const { container } = render(
      <>
        <DeviceIcon type={undefined} isOnline isAlarm={false} image="http://plain.example.com/a.png" />
        <DeviceIcon type={undefined} isOnline isAlarm={false} image="/Equips/logo.png" />
        <DeviceIcon type={undefined} isOnline isAlarm={false} image="data:image/png;base64,AAAA" />
      </>,
    );
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'data:image/png;base64,AAAA',
    ]);
  });
});
