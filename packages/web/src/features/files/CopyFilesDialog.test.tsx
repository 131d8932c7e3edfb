// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { deviceEntry, seedEquipment } from '../../equipment/test-support';
import CopyFilesDialog from './CopyFilesDialog';
import EquipmentFilesCard from './EquipmentFilesCard';
import {
  button,
  dialog,
  listing,
  renderFiles,
  sampleFile,
  setUpFileTests,
  signIn,
  toasts,
} from './test-support';
import { filesQueryKey } from './use-uploads';

const SLOW = { timeout: 4000 };
const { serve, calls } = setUpFileTests();
afterEach(resetEquipment);

const footer = (): HTMLElement => dialog().querySelector('.ant-modal-footer') as HTMLElement;

/** Opens the target list of the open dialog; gives the titles of its options. */
async function openTargets(): Promise<string[]> {
  const select = dialog().querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  await screen.findAllByRole('option', {}, SLOW);
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');
}

describe('copying a device’s files to another device', () => {
  it('offers the other editable devices, asks for Replace on taken names, then copies', async () => {
    seedEquipment({
      entries: [
        deviceEntry(5, 'Pump house'),
        deviceEntry(6, 'Boiler'),
        { ...deviceEntry(7, 'Gate'), level: 2 },
        deviceEntry(8, 'Annex'),
      ],
    });
    let tries = 0;
    serve({
      'GET /files/equipment-5': {
        body: listing({ space: 'equipment-5', items: [sampleFile({ name: 'a.json' })] }),
      },
      'POST /files/copy': () =>
        ++tries === 1
          ? {
              status: 409,
              body: { error: { code: 'conflict', message: '1 of the files are already there' } },
            }
          : { body: { count: 3 } },
    });
    const { client } = renderFiles(<EquipmentFilesCard equipmentId={5} />);
    // The target's listing, held from an earlier look: stale once the copy lands.
    client.setQueryData(filesQueryKey('equipment-6', ''), listing({ space: 'equipment-6' }));
    fireEvent.click(screen.getByText('Equipment files'));
    fireEvent.click(await screen.findByText('Copy to another device…', {}, SLOW));

    expect(
      within(dialog()).getByText(
        "Copies every file and folder of this device into the other device's files (copying configuration between devices).",
      ),
    ).toBeTruthy();
    const copy = button('Copy', footer());
    expect(copy.disabled).toBe(true);
    expect(await openTargets()).toEqual(['Annex (SN8)', 'Boiler (SN6)']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Boiler (SN6)"]')!);
    expect(copy.disabled).toBe(false);

    fireEvent.click(copy);
    await waitFor(
      () =>
        expect(screen.getByTestId('files-copy-outcome').textContent).toBe(
          'Files of the same names are already in Boiler: tick “Replace files of the same names” to overwrite them, or choose another device',
        ),
      SLOW,
    );
    const sent = () => calls().filter((c) => c.method === 'POST' && c.path === '/files/copy');
    expect(sent().map((c) => c.body)).toEqual([
      { from: { space: 'equipment-5', dir: '' }, to: { space: 'equipment-6', dir: '' }, replace: false },
    ]);

    fireEvent.click(within(dialog()).getByText('Replace files of the same names'));
    fireEvent.click(copy);
    await waitFor(() => expect(toasts()).toContain('3 files copied to Boiler'), SLOW);
    expect(sent()[1]?.body).toEqual({
      from: { space: 'equipment-5', dir: '' },
      to: { space: 'equipment-6', dir: '' },
      replace: true,
    });
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull(), SLOW);
    expect(client.getQueryState(filesQueryKey('equipment-6', ''))?.isInvalidated).toBe(true);
  });

  it('says so when there is no other device the user may edit (in Chinese)', () => {
    signIn('zh');
    seedEquipment({ entries: [deviceEntry(5, 'Pump house'), { ...deviceEntry(7, 'Gate'), level: 2 }] });
    serve({});
    renderFiles(<CopyFilesDialog equipmentId={5} onClose={() => undefined} />);
    expect(within(dialog()).getByTestId('files-copy-none').textContent).toBe('没有其他您可编辑的设备');
    expect(button(/^复\s*制$/, footer()).disabled).toBe(true);
  });
});
