/**
 * Reading an export as it streams in, with progress (bytes, and rows for CSV), and saving it
 * under its file name. The server streams without a length, so progress counts what arrived.
 */

export interface TransferProgress {
  readonly bytes: number;
  /** Data rows so far (CSV only: the header line is not one); null for XLSX. */
  readonly rows: number | null;
  /** Content-Length when known. */
  readonly total: number | null;
}

const LF = 0x0a;

function countLines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === LF) n++;
  return n;
}

export interface ReadOptions {
  readonly countRows: boolean;
  readonly total: number | null;
  readonly onProgress: (progress: TransferProgress) => void;
}

/** Reads the whole body, reporting after every chunk; the chunks make the file. */
export async function readWithProgress(
  body: ReadableStream<Uint8Array> | null,
  options: ReadOptions,
): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (!body) return chunks;
  const reader = body.getReader();
  let bytes = 0;
  let lines = 0;
  let endsWithLine = true;
  const report = () => {
    // A last line without its line end is a row too.
    const complete = lines + (endsWithLine ? 0 : 1);
    options.onProgress({
      bytes,
      rows: options.countRows ? Math.max(0, complete - 1) : null,
      total: options.total,
    });
  };
  report();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.length === 0) continue;
      chunks.push(value);
      bytes += value.length;
      if (options.countRows) {
        lines += countLines(value);
        endsWithLine = value[value.length - 1] === LF;
      }
      report();
    }
  } finally {
    reader.releaseLock();
  }
  return chunks;
}

/** Offers the file to the user as a download. */
export function saveFile(parts: readonly BlobPart[], fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([...parts], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download by then; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** 1,536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
