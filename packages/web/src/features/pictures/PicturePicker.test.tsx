// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteFiles, listFiles, uploadFiles } from '../../api/files';
import type { FileEntry } from '../../api/files';
import { setLanguage } from '../../i18n';
import { installDomStubs } from '../../shell/test-support';
import { renderWithApp } from '../monitoring/test-render';
import PicturePicker from './PicturePicker';
import type { BuiltInPicture, PicturePickerProps } from './PicturePicker';
import { sampleListing, samplePicture } from './test-support';

vi.mock('../../api/files', () => ({ listFiles: vi.fn(), uploadFiles: vi.fn(), deleteFiles: vi.fn() }));

const PUMP = samplePicture('pump.png');
const LOGO = samplePicture('logo.png');
const SHARED = samplePicture('plant.webp', 'admin');
const DOCUMENT: FileEntry = { ...samplePicture('notes.pdf'), kind: 'file', thumbnailUrl: null };
const BUILT_IN: BuiltInPicture[] = [
  { value: 'kg03.png', label: 'Switch', picture: <i>switch</i> },
  { value: 'kg11.png', label: 'Lamp', picture: <i>lamp</i> },
];

beforeAll(installDomStubs);
beforeEach(() => {
  setLanguage('en');
  vi.mocked(listFiles).mockImplementation(async (space) =>
    space === 'me' ? sampleListing('me', [PUMP, LOGO, DOCUMENT]) : sampleListing('admin', [SHARED], false),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function show(props: Partial<PicturePickerProps> = {}) {
  const onSelect = vi.fn();
  renderWithApp(
    <PicturePicker
      open
      value=""
      builtIn={BUILT_IN}
      onSelect={onSelect}
      onClose={() => undefined}
      {...props}
    />,
  );
  return onSelect;
}

const tile = (name: string) => screen.getByTitle(name);
const button = (text: string) => screen.getByText(text).closest('button')!;
const tab = (name: string) => fireEvent.click(screen.getByText(name));
/** The names of the tiles in the open tab. */
const tileNames = () =>
  [...document.querySelectorAll('[role=tabpanel][aria-hidden=false] .picture-tile-name')].map(
    (e) => e.textContent,
  );

describe('the picture picker', () => {
  it('lists the built-in pictures and mine, searches by name, and gives the chosen url', async () => {
    const onSelect = show();
    expect(tileNames()).toEqual(['Switch', 'Lamp']);
    // Nothing chosen yet: OK says so and gives nothing.
    fireEvent.click(button('OK'));
    expect(await screen.findByText('A picture must be selected first')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();

    tab('My pictures');
    await screen.findByTitle('pump.png');
    // Pictures only, each shown by its thumbnail.
    expect(tileNames()).toEqual(['pump.png', 'logo.png']);
    expect(tile('pump.png').querySelector('img')?.getAttribute('src')).toBe(PUMP.thumbnailUrl);
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'PU' } });
    expect(tileNames()).toEqual(['pump.png']);
    fireEvent.click(tile('pump.png'));
    fireEvent.click(button('OK'));
    expect(onSelect).toHaveBeenCalledWith(PUMP.url);
  });

  it('refuses names that are not pictures (spec §5) and sends the others as pictures, fitted into the box', async () => {
    vi.mocked(uploadFiles).mockResolvedValue({ items: [samplePicture('new.png')] });
    const onSelect = show({ box: { width: 128, height: 128 } });
    tab('My pictures');
    await screen.findByTitle('pump.png');
    const files = ['notes.txt', 'scan.bmp', 'new.png'].map((n) => new File(['x'], n, { type: 'image/png' }));
    fireEvent.change(screen.getByTestId('picture-upload-input'), { target: { files } });
    expect(
      await screen.findByText('notes.txt: picture uploads accept only png, jpg, jpeg, gif, webp'),
    ).toBeTruthy();
    expect(screen.getByText('scan.bmp: picture uploads accept only png, jpg, jpeg, gif, webp')).toBeTruthy();
    expect(uploadFiles).toHaveBeenCalledTimes(1);
    const [space, sent, options] = vi.mocked(uploadFiles).mock.calls[0]!;
    expect(space).toBe('me');
    expect(sent.map((f) => f.name)).toEqual(['new.png']);
    expect(options).toMatchObject({ pictures: true, replace: false, width: 128, height: 128 });
    // The uploaded picture is the one chosen.
    await screen.findByText('Picture new.png uploaded');
    fireEvent.click(button('OK'));
    expect(onSelect).toHaveBeenCalledWith(samplePicture('new.png').url);

    // Dropped, without the fit.
    fireEvent.click(screen.getByText('Fit into 128 × 128'));
    const dropped = new File(['x'], 'photo.JPG', { type: 'image/jpeg' });
    fireEvent.drop(screen.getByTestId('picture-drop'), { dataTransfer: { files: [dropped] } });
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(2));
    const [, droppedSent, droppedOptions] = vi.mocked(uploadFiles).mock.calls[1]!;
    expect(droppedSent.map((f) => f.name)).toEqual(['photo.JPG']);
    expect(droppedOptions).not.toHaveProperty('width');
  });

  it('deletes my pictures after asking, never a built-in or a platform one', async () => {
    vi.mocked(deleteFiles).mockResolvedValue(1);
    show({ value: 'kg11.png' });
    // The stored built-in is chosen: it has no delete, and asking says so.
    expect(tile('Lamp').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Delete'));
    expect(await screen.findByText('The default picture cannot be deleted')).toBeTruthy();

    tab('Platform');
    fireEvent.click(await screen.findByTitle('plant.webp'));
    fireEvent.click(button('Delete'));
    expect(await screen.findByText(/plant\.webp is not one of them/)).toBeTruthy();

    tab('My pictures');
    fireEvent.click(tile('logo.png'));
    fireEvent.click(button('Delete'));
    await screen.findAllByText('Delete the picture logo.png?');
    const confirm = document.querySelector('.ant-modal-confirm')!;
    fireEvent.click(confirm.querySelector('.ant-btn-dangerous')!);
    await screen.findByText('Picture logo.png deleted');
    expect(deleteFiles).toHaveBeenCalledWith('me', '', ['logo.png']);
    expect(listFiles).toHaveBeenCalledTimes(3); // me, admin, then me again after the delete
  });

  it('asks for a background picture by name, and keeps a stored value it does not know', async () => {
    const none = show({ purpose: 'background' });
    expect(screen.getByText('Choose a background picture')).toBeTruthy();
    fireEvent.click(button('OK'));
    expect(await screen.findByText('Background picture must be selected')).toBeTruthy();
    expect(none).not.toHaveBeenCalled();
    cleanup();

    const onSelect = show({ value: 'their-file.png' });
    expect(tileNames()).toEqual(['Switch', 'Lamp', 'their-file.png (kept as stored)']);
    expect(tile('their-file.png (kept as stored)').getAttribute('aria-pressed')).toBe('true');
    // Not a file of the user's: nothing to delete.
    fireEvent.click(button('Delete'));
    expect(await screen.findByText(/their-file\.png is not one of them/)).toBeTruthy();
    fireEvent.click(button('OK'));
    expect(onSelect).toHaveBeenCalledWith('their-file.png');
  });
});
