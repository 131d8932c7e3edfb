/** Building multipart uploads and test pictures for the file store's tests. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Part {
  readonly name: string;
  readonly bytes: Uint8Array | string;
  readonly type?: string;
}

/** A multipart/form-data body with each part under the field `file`, as a browser sends it. */
export function multipart(
  parts: readonly Part[],
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fieldlink${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof part.bytes === 'string' ? Buffer.from(part.bytes) : Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small picture of one colour in the given format. */
export async function picture(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width = 64,
  height = 48,
  colour = { r: 200, g: 40, b: 40 },
): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}
