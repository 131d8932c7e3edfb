// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import EquipmentFilesCard from './EquipmentFilesCard';
import FileManager from './FileManager';
import {
  button,
  dialog,
  dropFiles,
  FakeXhr,
  fileOf,
  listing,
  renderFiles,
  rowNames,
  sampleFile,
  setUpFileTests,
  toasts,
} from './test-support';

const SLOW = { timeout: 4000 };
const TAKEN = sampleFile({ name: 'a.png' });

const { serve, calls } = setUpFileTests();
beforeEach(() =>
  serve({
    'GET /files/equipment-5': {
      body: listing({ space: 'equipment-5', items: [TAKEN], maxFileSize: 1000 }),
    },
  }),
);

const lists = () => calls().filter((c) => c.method === 'GET' && c.path.startsWith('/files/equipment-5?'));
const uploaded = (files: readonly string[]) => ({
  items: files.map((name) => sampleFile({ name, url: `/api/v1/files/equipment-5/content?path=${name}` })),
});

async function show() {
  renderFiles(<FileManager space="equipment-5" />);
  await waitFor(() => expect(rowNames()).toEqual(['a.png']), SLOW);
}

describe('uploading', () => {
  it('sends dropped files in one request, shows its progress, then lists them', async () => {
    await show();
    dropFiles([fileOf('b.txt', 300), fileOf('c.txt', 212)]);
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('api/v1/files/equipment-5?dir=');
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(xhr.files()).toEqual(['b.txt', 'c.txt']);

    act(() => xhr.progress(256, 512));
    const batch = await screen.findByTestId('files-upload', {}, SLOW);
    expect(batch.textContent).toContain('Uploading 2 files: 256 B of 512 B');
    expect(batch.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('50');

    act(() => xhr.respond(201, uploaded(['b.txt', 'c.txt'])));
    await waitFor(() => expect(toasts()).toContain('2 files uploaded'), SLOW);
    expect(screen.queryByTestId('files-upload')).toBeNull();
    await waitFor(() => expect(lists()).toHaveLength(2), SLOW);
  });

  it('cancels a batch under way', async () => {
    await show();
    dropFiles([fileOf('b.txt', 10)]);
    fireEvent.click(button('Cancel', await screen.findByTestId('files-upload', {}, SLOW)));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(toasts()).toContain('Upload cancelled'), SLOW);
    expect(screen.queryByTestId('files-upload')).toBeNull();
  });

  it('asks before replacing files whose names are taken, then sends again with replace', async () => {
    await show();
    dropFiles([fileOf('a.png', 10), fileOf('new.txt', 10)]);
    act(() =>
      FakeXhr.sent[0]!.respond(409, {
        error: { code: 'conflict', message: 'a file named a.png is already here' },
      }),
    );
    await waitFor(() => expect(dialog().textContent).toContain('Replace 1 file?'), SLOW);
    expect(screen.getByTestId('files-replace-names').textContent).toBe('a.png');
    expect(FakeXhr.sent).toHaveLength(1);
    fireEvent.click(button('Replace', dialog()));
    expect(FakeXhr.sent).toHaveLength(2);
    const again = FakeXhr.sent[1]!;
    expect(again.query('replace')).toBe('true');
    expect(again.files()).toEqual(['a.png', 'new.txt']);
    act(() => again.respond(201, uploaded(['a.png', 'new.txt'])));
    await waitFor(() => expect(toasts()).toContain('2 files uploaded'), SLOW);
  });

  it('refuses a file larger than the store takes before sending, naming it; the server’s own refusal is said', async () => {
    await show();
    dropFiles([fileOf('huge.bin', 2048)]);
    const refused = await screen.findByTestId('files-refused', {}, SLOW);
    expect(refused.textContent).toContain(
      'huge.bin is 2.0 KB, larger than the 1000 B a file may be: it was not sent',
    );
    expect(FakeXhr.sent).toHaveLength(0);

    // The others of a drop still go.
    dropFiles([fileOf('huge.bin', 2048), fileOf('ok.txt', 10)]);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.files()).toEqual(['ok.txt']);
    act(() =>
      FakeXhr.sent[0]!.respond(413, {
        error: { code: 'payload_too_large', message: 'this would take 101 MB of your 100 MB quota' },
      }),
    );
    await waitFor(
      () => expect(toasts()).toContain('Too large: this would take 101 MB of your 100 MB quota'),
      SLOW,
    );
  });

  it('uploads what the picker gives, on the device’s folded files card once opened', async () => {
    renderFiles(<EquipmentFilesCard equipmentId={5} />);
    expect(lists()).toHaveLength(0);
    fireEvent.click(screen.getByText('Equipment files'));
    await waitFor(() => expect(rowNames()).toEqual(['a.png']), SLOW);
    const picker = screen.getByTestId('files-picker') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [fileOf('d.txt', 10)] } });
    expect(FakeXhr.sent[0]!.files()).toEqual(['d.txt']);
  });
});
