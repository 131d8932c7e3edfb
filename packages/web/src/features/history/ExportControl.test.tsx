// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExportControl from './ExportControl';
import { readWithProgress } from './export-stream';
import { renderInApp } from './test-render';

const FROM = new Date(2026, 0, 5, 15, 0, 0).getTime();
const TO = new Date(2026, 0, 5, 16, 0, 0).getTime();
const encoder = new TextEncoder();

/** A fetch whose export body the test feeds chunk by chunk; aborting errors it like a browser. */
function streamingFetch(headers: Record<string, string>) {
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const urls: string[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    urls.push(url);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        body = controller;
      },
    });
    init.signal?.addEventListener('abort', () => body.error(new DOMException('aborted', 'AbortError')));
    return Promise.resolve(new Response(stream, { status: 200, headers }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    urls,
    send: (text: string) => body.enqueue(encoder.encode(text)),
    end: () => body.close(),
  };
}

let saved: { name: string; blob: Blob }[] = [];

/** jsdom's Blob has no text(): read it the old way. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${++n}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = () =>
  renderInApp(
    <ExportControl equipmentId={42} range={{ from: FROM, to: TO }} channels={['ai1']} interval={60} />,
  );

const progressText = () => screen.getByTestId('export-progress').textContent;

describe('ExportControl', () => {
  it('shows bytes and rows as the CSV streams in, then saves it under the server’s file name', async () => {
    const server = streamingFetch({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition':
        'attachment; filename="equipment-42_20260105150000_20260105160000.csv"; filename*=UTF-8\'\'%E6%B3%B5%E7%AB%99_20260105150000_20260105160000.csv',
    });
    await render();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    });
    await waitFor(() => expect(progressText()).toBe('0 B received, 0 rows'));
    expect(server.urls[0]).toContain('api/v1/equipment/42/export?');
    expect(server.urls[0]).toContain('format=csv');

    await act(async () => {
      server.send('time,AI1\r\n2026-01-05 15:00:00,1\r\n2026-01-05 15:0');
    });
    await waitFor(() => expect(progressText()).toBe('48 B received, 2 rows'));
    await act(async () => {
      server.send('1:00,2\r\n');
    });
    await waitFor(() => expect(progressText()).toBe('56 B received, 2 rows'));
    expect(saved).toEqual([]);

    await act(async () => {
      server.end();
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('泵站_20260105150000_20260105160000.csv');
    expect(await blobText(saved[0]!.blob)).toBe(
      'time,AI1\r\n2026-01-05 15:00:00,1\r\n2026-01-05 15:01:00,2\r\n',
    );
    await screen.findByText('Saved 泵站_20260105150000_20260105160000.csv');
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('shows only bytes for XLSX', async () => {
    const server = streamingFetch({ 'content-disposition': 'attachment; filename="a.xlsx"' });
    await render();
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Export format' }));
    });
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-select-item-option[title="XLSX"]')!);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    });
    expect(server.urls[0]).toContain('format=xlsx');
    await act(async () => {
      server.send('PK\u0003\u0004 and more\n\n');
    });
    await waitFor(() => expect(progressText()).toBe('15 B received'));
    await act(async () => {
      server.end();
    });
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['a.xlsx']));
  });

  it('cancels a running export and saves nothing', async () => {
    const server = streamingFetch({ 'content-disposition': 'attachment; filename="a.csv"' });
    await render();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    });
    await act(async () => {
      server.send('time\r\n');
    });
    await waitFor(() => expect(progressText()).toBe('6 B received, 0 rows'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await screen.findByText('Export cancelled');
    expect(saved).toEqual([]);
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it("shows the server's reason when it refuses", async () => {
    const message =
      'querystring.interval: an export has at most 1000000 rows; use an interval of at least 5 s for this range';
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'bad_request', message } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    await render();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    });
    await screen.findByText(`Export failed: ${message}`);
    expect(saved).toEqual([]);
  });
});

describe('readWithProgress', () => {
  it('counts a last row without its line end, and none for a header alone', async () => {
    const body = (parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of parts) c.enqueue(encoder.encode(p));
          c.close();
        },
      });
    const last = (parts: string[]) => {
      const seen: (number | null)[] = [];
      return readWithProgress(body(parts), {
        countRows: true,
        total: null,
        onProgress: (p) => seen.push(p.rows),
      }).then(() => seen.at(-1));
    };
    expect(await last(['time\r\n'])).toBe(0);
    expect(await last(['time\r\n1\r\n2'])).toBe(2);
    expect(await last(['time\r', '\n1\r\n'])).toBe(1);
    expect(await last([])).toBe(0);
  });
});
