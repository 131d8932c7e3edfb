import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageRejected, NOT_A_PICTURE } from './errors.js';
import { MAX_RESIZE, inspectImage, resizeImage, thumbnail } from './raster.js';
import { closeSvgThread } from './svg-thread.js';
import { animation, claimedPng, picture } from './test-support.js';

async function refusal(work: Promise<unknown>): Promise<ImageRejected> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejected);
  return error as ImageRejected;
}

const text = (s: string): Buffer => Buffer.from(s, 'utf8');

afterAll(closeSvgThread);

describe('inspectImage', () => {
  it('reads each format, its size and whether it is animated', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      expect(await inspectImage(await picture(format, 30, 20))).toEqual({
        format,
        width: 30,
        height: 20,
        animated: false,
      });
    }
    expect(await inspectImage(await animation('gif', 40, 30))).toEqual({
      format: 'gif',
      width: 40,
      height: 30,
      animated: true,
    });
    expect(await inspectImage(await animation('webp', 40, 30))).toEqual({
      format: 'webp',
      width: 40,
      height: 30,
      animated: true,
    });
  });

  it('goes by content: a PNG named x.jpg is a PNG, a text file named y.png is refused', async () => {
    expect((await inspectImage(await picture('png', 5, 5))).format).toBe('png');
    const error = await refusal(inspectImage(text('this is y.png, honestly')));
    expect(error.reason).toBe('not_a_picture');
    expect(error.message).toBe(NOT_A_PICTURE);
  });

  it('gives the size as shown, after the EXIF orientation', async () => {
    const sideways = await sharp(await picture('jpeg', 60, 20))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await inspectImage(sideways)).toMatchObject({ width: 20, height: 60 });
  });

  it('refuses a PNG signature followed by garbage', async () => {
    const garbage = Buffer.concat([
      (await picture('png', 4, 4)).subarray(0, 8),
      text('no chunks here, just words'),
    ]);
    const error = await refusal(inspectImage(garbage));
    expect(error.reason).toBe('unreadable');
    expect(error.message).toMatch(/^the picture could not be read: /);
  });

  it('refuses truncated pictures of every format', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const whole = await sharp({
        create: {
          width: 64,
          height: 64,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .toFormat(format)
        .toBuffer();
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      const error = await refusal(inspectImage(cut));
      expect(error.reason, format).toBe('unreadable');
      expect(error.message, format).toBe('the picture could not be read: the file is cut short');
    }
  });

  it('refuses a JPEG whose markers are intact but whose frame header is not (sharp finds it)', async () => {
    const jpeg = Buffer.from(await picture('jpeg', 16, 16));
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    jpeg[frame + 4] = 3; // sample precision: 3 bits per sample does not exist
    const error = await refusal(inspectImage(jpeg));
    expect(error.reason).toBe('unreadable');
    expect(error.message).toMatch(/^the picture could not be read: .*precision/i);
  });

  it('refuses polyglots: a picture with another file after its end', async () => {
    const html = text('<html><script>alert(1)</script></html>');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      for (const tail of [html, zip]) {
        const polyglot = Buffer.concat([await picture(format, 8, 8), tail]);
        const error = await refusal(inspectImage(polyglot));
        expect(error.reason, format).toBe('unreadable');
        expect(error.message).toContain('other data follows the end of the picture');
      }
    }
    // GIF/JS: a GIF whose tail closes a comment opened in its header and runs script.
    const gif = await picture('gif', 8, 8);
    await refusal(inspectImage(Buffer.concat([gif, text('*/=alert(1)//')])));
  });

  it('accepts what cameras write after a JPEG: a second JPEG (MPF, gain maps) and zero padding', async () => {
    const main = await picture('jpeg', 16, 16);
    const depth = await picture('jpeg', 4, 4, '#808080');
    const info = await inspectImage(Buffer.concat([main, depth, Buffer.alloc(32)]));
    expect(info).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
  });

  it('refuses a WebP whose RIFF size does not match its chunks', async () => {
    const webp = Buffer.from(await picture('webp', 8, 8));
    webp.writeUInt32LE(webp.readUInt32LE(4) - 2, 4);
    await refusal(inspectImage(webp));
  });

  it('refuses a pixel bomb from its header: a PNG claiming 100000 × 100000', async () => {
    const bomb = claimedPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    const error = await refusal(inspectImage(bomb));
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      'the picture is too large: 100000 × 100000 pixels, at most 50 megapixels are accepted',
    );
  });

  it('holds the pixel limit at the bound and refuses one row past it (configurable)', async () => {
    expect((await inspectImage(await picture('png', 100, 100), { maxPixels: 10_000 })).width).toBe(100);
    const error = await refusal(inspectImage(await picture('png', 100, 101), { maxPixels: 10_000 }));
    expect(error.reason).toBe('too_large');
    // The same bound enforced inside sharp too (limitInputPixels), should the header check be skipped.
    await expect(
      sharp(claimedPng(100_000, 100_000), { limitInputPixels: 50_000_000 }).metadata(),
    ).rejects.toThrow(/pixel limit/);
  });

  it('counts every frame of an animation against its own limit', async () => {
    const gif = await animation('gif', 40, 30);
    expect((await inspectImage(gif, { maxAnimationPixels: 3600 })).animated).toBe(true);
    const error = await refusal(inspectImage(gif, { maxAnimationPixels: 3599 }));
    expect(error.message).toBe(
      'the animation is too large: 3 frames of 40 × 30 pixels, at most 0 megapixels in all are accepted',
    );
  });

  it('refuses random bytes, and random bytes behind a real signature', async () => {
    const signatures = [
      [],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [...text('GIF89a')],
      [...text('RIFF'), 0x20, 0, 0, 0, ...text('WEBP')],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signatures),
        fc.uint8Array({ minLength: 0, maxLength: 512 }),
        async (signature, tail) => {
          const bytes = Buffer.concat([Buffer.from(signature), tail]);
          await expect(inspectImage(bytes)).rejects.toBeInstanceOf(ImageRejected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('resizeImage', () => {
  it('fits inside the box keeping proportions, in the same format', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const resized = await resizeImage(await picture(format, 400, 200), { width: 100, height: 100 });
      expect(resized, format).toMatchObject({ format, width: 100, height: 50, resized: true });
      expect(await inspectImage(resized.bytes)).toMatchObject({ format, width: 100, height: 50 });
    }
  });

  it('scales by the one side given', async () => {
    const source = await picture('png', 400, 200);
    expect(await resizeImage(source, { width: 200 })).toMatchObject({ width: 200, height: 100 });
    expect(await resizeImage(source, { height: 50 })).toMatchObject({ width: 100, height: 50 });
  });

  it('never enlarges: a picture that fits comes back byte for byte, metadata and all', async () => {
    const source = await sharp(await picture('jpeg', 40, 30))
      .withExif({ IFD0: { Copyright: 'Field team' } })
      .jpeg()
      .toBuffer();
    const kept = await resizeImage(source, { width: 4096, height: 4096 });
    expect(kept).toMatchObject({ format: 'jpeg', width: 40, height: 30, resized: false });
    expect(Buffer.compare(Buffer.from(kept.bytes), source)).toBe(0);
    expect((await resizeImage(source, { width: 40 })).resized).toBe(false);
  });

  it('keeps animations animated, every frame resized', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const resized = await resizeImage(await animation(format, 40, 30), { width: 20 });
      expect(resized).toMatchObject({ format, width: 20, height: 15 });
      const metadata = await sharp(resized.bytes).metadata();
      expect(metadata.pages, format).toBe(3);
      expect(metadata.delay, format).toEqual([100, 100, 100]);
      expect(metadata.loop, format).toBe(0);
      expect(await inspectImage(resized.bytes)).toEqual({ format, width: 20, height: 15, animated: true });
    }
  });

  it('drops EXIF (GPS included) when it re-encodes, and turns the picture upright first', async () => {
    const source = await sharp(await picture('jpeg', 600, 200))
      .withExif({ IFD0: { Copyright: 'Field team' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(source).metadata();
    expect(before.exif?.toString('latin1')).toContain('Field team');
    expect(before.orientation).toBe(6);
    const resized = await resizeImage(source, { width: 100, height: 100 });
    expect(resized).toMatchObject({ width: 33, height: 100 }); // 200 × 600 upright
    const metadata = await sharp(resized.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([33, 100]);
  });

  it('takes whole sides from 1 to 4096 and refuses anything else', async () => {
    const source = await picture('png', 50, 50);
    expect((await resizeImage(source, { width: 1 })).width).toBe(1);
    expect((await resizeImage(source, { width: MAX_RESIZE, height: 1 })).height).toBe(1);
    for (const box of [
      {},
      { width: 0 },
      { width: 4097 },
      { height: -1 },
      { width: 1.5 },
      { width: Number.NaN },
    ]) {
      const error = await refusal(resizeImage(source, box));
      expect(error.reason, JSON.stringify(box)).toBe('bad_size');
      expect(error.message).toBe('width and height must be whole numbers from 1 to 4096');
    }
  });

  it('refuses what inspectImage refuses', async () => {
    expect((await refusal(resizeImage(text('not a picture'), { width: 10 }))).reason).toBe('not_a_picture');
    expect((await refusal(resizeImage(claimedPng(100_000, 100_000), { width: 10 }))).reason).toBe(
      'too_large',
    );
  });

  it('resizes an SVG as a vector, sanitised, adding a viewBox so the drawing scales', async () => {
    const svg = text(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" onload="alert(1)"><rect width="400" height="200"/></svg>',
    );
    const resized = await resizeImage(svg, { width: 100 });
    expect(resized).toMatchObject({ format: 'svg', width: 100, height: 50, resized: true });
    const out = new TextDecoder().decode(resized.bytes);
    expect(out).toContain('viewBox="0 0 400 200"');
    expect(out).toContain('width="100"');
    expect(out).not.toContain('onload');
    const fitting = await resizeImage(svg, { width: 1000 });
    expect(fitting).toMatchObject({ width: 400, height: 200, resized: false });
    expect(new TextDecoder().decode(fitting.bytes)).not.toContain('onload');
    const sizeless = text(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100%"><rect width="1" height="1"/></svg>',
    );
    expect((await refusal(resizeImage(sizeless, { width: 10 }))).reason).toBe('bad_size');
  });
});

describe('thumbnail', () => {
  it('is a WebP at most 256 × 256, proportions kept', async () => {
    const thumb = await thumbnail(await picture('jpeg', 1000, 500), 'jpeg');
    expect(thumb).toMatchObject({ contentType: 'image/webp', width: 256, height: 128 });
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
    const tall = await thumbnail(await picture('png', 300, 3000), 'png');
    expect([tall.width, tall.height]).toEqual([26, 256]);
  });

  it('does not enlarge a small picture', async () => {
    expect(await thumbnail(await picture('gif', 100, 50), 'gif')).toMatchObject({ width: 100, height: 50 });
  });

  it('shows the first frame of an animation', async () => {
    const thumb = await thumbnail(await animation('gif', 40, 30), 'gif');
    const metadata = await sharp(thumb.bytes).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    const { data } = await sharp(thumb.bytes).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame (give or take WebP's rounding).
    expect(data[0]).toBeGreaterThan(240);
    expect(Math.max(data[1]!, data[2]!)).toBeLessThan(16);
  });

  it('draws an SVG from its sanitised markup, at thumbnail size', async () => {
    const icon = text(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 8"><rect width="16" height="8" fill="#00f"/><image href="https://evil.example/x.png" width="16" height="8"/></svg>',
    );
    const thumb = await thumbnail(icon, 'svg');
    expect(thumb).toMatchObject({ contentType: 'image/webp', width: 256, height: 128 });
  });

  it('refuses content of another format than the one named', async () => {
    const error = await refusal(thumbnail(await picture('png', 10, 10), 'jpeg'));
    expect(error.message).toBe('the picture could not be read: its content is image/png, not image/jpeg');
  });
});
