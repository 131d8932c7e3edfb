/**
 * Test helpers of the file manager: files and listings shaped like the server's, the saved-layout
 * document's address, a stand-in XMLHttpRequest (uploads report progress only through it) that a
 * test answers by hand, and drawing a manager with the providers it needs.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { FileEntry, FileList } from '../../api/files';
import { setLanguage } from '../../i18n';
import type { Language } from '../../i18n';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { renderPage } from '../auth/test-render';
import { LAYOUT_DOCUMENT } from './layout';

/** The signed-in sample user's id. */
export const ME = 7;

export const DOCUMENT_PATH = `/me/documents/${LAYOUT_DOCUMENT.ftype}/${LAYOUT_DOCUMENT.fname}`;

export function sampleFile(overrides: Partial<FileEntry> & { readonly name: string }): FileEntry {
  return {
    dir: '',
    size: 1024,
    contentType: 'text/plain',
    kind: 'file',
    width: null,
    height: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    createdBy: ME,
    createdByName: null,
    url: `/api/v1/files/me/content?path=${encodeURIComponent(overrides.name)}`,
    thumbnailUrl: null,
    ...overrides,
  };
}

export function samplePicture(name: string, overrides: Partial<FileEntry> = {}): FileEntry {
  return sampleFile({
    name,
    size: 1_258_291,
    contentType: 'image/png',
    kind: 'image',
    width: 640,
    height: 480,
    url: `/api/v1/pictures/k-${name}/${name}`,
    thumbnailUrl: `/api/v1/picture-thumbnails/k-${name}`,
    ...overrides,
  });
}

export function listing(overrides: Partial<FileList> = {}): FileList {
  return {
    space: 'me',
    dir: '',
    items: [],
    dirs: [],
    used: 2 * 1024 * 1024,
    quota: 100 * 1024 * 1024,
    maxFileSize: 20 * 1024 * 1024,
    writable: true,
    ...overrides,
  };
}

/** The `dir` a recorded list request asked for. */
export const dirOf = (path: string): string => new URL(path, 'http://x').searchParams.get('dir') ?? '';

/** A stand-in XMLHttpRequest: records what is sent; the test answers with `progress` and `respond`. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  aborted = false;
  readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  /** The names of the files sent. */
  files(): string[] {
    return (this.body?.getAll('file') ?? []).map((f) => (f as File).name);
  }
  /** The query of the request. */
  query(name: string): string | null {
    return new URL(this.url, 'http://x').searchParams.get(name);
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total });
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.response = body;
    this.onload?.();
  }
}

export function installFakeXhr(): void {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** A file of `size` bytes. */
export const fileOf = (name: string, size: number, type = 'application/octet-stream'): File =>
  new File([new Uint8Array(size)], name, { type });

/** Drops `files` on the manager as a browser does. */
export function dropFiles(files: readonly File[]): void {
  const zone = screen.getByTestId('files-drop-zone');
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

/**
 * The hooks of a file manager test file: signed in (in `language`, English unless given) with the
 * stand-in XMLHttpRequest before each test; after it, the fetch mock restored, the page cleaned up
 * and the session emptied. `serve` answers calls as `mockFetch` does, with no saved layout unless
 * the routes give one.
 */
export function setUpFileTests(language: Language = 'en'): {
  readonly serve: (routes: Routes) => void;
  readonly calls: () => readonly RecordedRequest[];
} {
  let mock: ReturnType<typeof mockFetch> | null = null;
  beforeEach(() => {
    signIn(language);
    installFakeXhr();
  });
  afterEach(() => {
    mock?.restore();
    mock = null;
    cleanup();
    signOut();
    vi.restoreAllMocks();
  });
  return {
    serve: (routes) => {
      mock?.restore();
      mock = mockFetch({ [`GET ${DOCUMENT_PATH}`]: { status: 404 }, ...routes });
    },
    calls: () => mock?.calls ?? [],
  };
}

/** Signed in as the sample user, in `language`. */
export function signIn(language: Language = 'en'): void {
  setLanguage(language);
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  useMe.getState().setMe(sampleMe({ id: ME }));
}

export function signOut(): void {
  useSession.getState().clear();
  useMe.getState().setMe(null);
  vi.unstubAllGlobals();
}

/** Draws `ui` with what the console puts around it, antd's motion off: no test waits for an animation. */
export function renderFiles(ui: ReactElement) {
  installDomStubs();
  // jsdom matches every element against all of antd's injected CSS on each call (antd asks on
  // every dialog and table); these tests look at content, not layout, so no style is computed.
  window.getComputedStyle = () => document.createElement('div').style;
  return renderPage(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>, {
    path: '/files',
    route: '/files',
  });
}

/** The button showing exactly `text` (antd spaces two Chinese characters: pass a pattern then). */
export function button(text: string | RegExp, scope: HTMLElement = document.body): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].filter((b) =>
    typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent?.trim() ?? ''),
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons show ${String(text)}`);
  return found[0]!;
}

/** The open dialog (antd's modal) and its footer button `text`. */
export function dialog(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal')];
  if (open.length === 0) throw new Error('no dialog open');
  return open[open.length - 1]!;
}

/** The names shown in the table, in order. */
export const rowNames = (): string[] =>
  [...document.querySelectorAll('tr.ant-table-row')].map((row) => row.getAttribute('data-row-key') ?? '');

/** The checkbox of the table row of `name`. */
export function rowCheckbox(name: string): HTMLInputElement {
  const box = document.querySelector<HTMLInputElement>(`tr[data-row-key="${name}"] input[type="checkbox"]`);
  if (!box) throw new Error(`no row ${name}`);
  return box;
}

/** The texts of the antd messages (toasts) shown. */
export const toasts = (): string[] =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
