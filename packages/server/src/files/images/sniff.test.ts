import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_MIME, extensionsFor, isImageName, sniffImage } from './sniff.js';
import { animation, picture } from './test-support.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';

describe('sniffImage', () => {
  it('knows each raster format by its content, whatever the file was called', async () => {
    expect(sniffImage(await picture('png', 4, 4))).toBe('png'); // even when uploaded as x.jpg
    expect(sniffImage(await picture('jpeg', 4, 4))).toBe('jpeg');
    expect(sniffImage(await picture('gif', 4, 4))).toBe('gif');
    expect(sniffImage(await picture('webp', 4, 4))).toBe('webp');
    expect(sniffImage(await animation('gif', 4, 4))).toBe('gif');
    expect(sniffImage(await animation('webp', 4, 4))).toBe('webp');
  });

  it('reads the magic bytes alone: GIF87a and GIF89a, RIFF…WEBP, FF D8 FF', () => {
    expect(sniffImage(text('GIF87a'))).toBe('gif');
    expect(sniffImage(text('GIF89a'))).toBe('gif');
    expect(sniffImage(text('GIF88a'))).toBeNull();
    expect(sniffImage(text('RIFF\0\0\0\0WEBP'))).toBe('webp');
    expect(sniffImage(text('RIFF\0\0\0\0WAVE'))).toBeNull(); // a RIFF that is sound
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull(); // one byte short
  });

  it('refuses a text file named y.png, an empty file and other formats', () => {
    expect(sniffImage(text('hello, I am y.png'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
    expect(sniffImage(text('%PDF-1.7\n'))).toBeNull();
    expect(sniffImage(text('BM\0\0'))).toBeNull(); // BMP is not accepted
    expect(sniffImage(new Uint8Array([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBeNull(); // HEIC/MP4
  });

  it('knows an SVG when its first element is <svg>, after a declaration, comments, a DOCTYPE and a BOM', () => {
    expect(sniffImage(text(SVG))).toBe('svg');
    expect(sniffImage(text(`\n  ${SVG}`))).toBe('svg');
    expect(
      sniffImage(text(`\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n${SVG}`)),
    ).toBe('svg');
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    expect(sniffImage(text(`<?xml version="1.0"?>${doctype}${SVG}`))).toBe('svg');
    const subset = '<!DOCTYPE svg [ <!ENTITY a "]>"> <!-- ] --> ]>';
    expect(sniffImage(text(`${subset}<svg/>`))).toBe('svg');
    expect(sniffImage(text('<svg>'))).toBe('svg');
  });

  it('refuses text that is not an SVG document', () => {
    expect(sniffImage(text(`<!DOCTYPE html><html><body>${SVG}</body></html>`))).toBeNull();
    expect(sniffImage(text(`<?xml version="1.0"?><root>${SVG}</root>`))).toBeNull();
    expect(sniffImage(text('<svgfoo/>'))).toBeNull();
    expect(sniffImage(text('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(text(`hello ${SVG}`))).toBeNull();
    expect(sniffImage(text(`<!-- never closed ${SVG}`))).toBeNull();
    expect(sniffImage(text(`<!DOCTYPE svg [ ${SVG}`))).toBeNull();
  });

  it('reads only the start of a large file', () => {
    const large = text(`${SVG.slice(0, -2)}>${'<path d="M0 0h1v1z"/>'.repeat(10_000)}</svg>`);
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(sniffImage(large)).toBe('svg');
    // A character cut in two by the end of the part read is not bad UTF-8.
    const cut = text(`<svg>${'é'.repeat(40_000)}</svg>`);
    expect(sniffImage(cut)).toBe('svg');
    const lateRoot = text(`<!-- ${'x'.repeat(70_000)} -->${SVG}`);
    expect(sniffImage(lateRoot)).toBeNull();
  });

  it('refuses compressed (svgz), UTF-16 and non-UTF-8 SVG', () => {
    expect(sniffImage(new Uint8Array([0x1f, 0x8b, 0x08, 0x00]))).toBeNull();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SVG, 'utf16le')]);
    expect(sniffImage(utf16)).toBeNull();
    expect(
      sniffImage(Buffer.concat([text('<svg><text>'), Buffer.from([0xc3, 0x28]), text('</text></svg>')])),
    ).toBeNull();
    expect(sniffImage(text('<svg>\u0001</svg>'))).toBeNull(); // a control character XML forbids
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        const format = sniffImage(bytes);
        expect(format === null || format in IMAGE_MIME).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        sniffImage(text(`<${s}`));
        sniffImage(text(`<!DOCTYPE svg [${s}`));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('names and types', () => {
  it('maps formats to their MIME types and extensions', () => {
    expect(IMAGE_MIME).toEqual({
      png: 'image/png',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      webp: 'image/webp',
      svg: 'image/svg+xml',
    });
    expect(extensionsFor('jpeg')).toEqual(['jpg', 'jpeg']);
    expect(extensionsFor('png')).toEqual(['png']);
    expect(extensionsFor('svg')).toEqual(['svg']);
  });

  it('tells picture names for the console, in any case', () => {
    for (const name of ['a.png', 'B.JPG', 'c.jpeg', 'd.Gif', 'e.webp', 'f.svg', 'archive.tar.png']) {
      expect(isImageName(name), name).toBe(true);
    }
    for (const name of ['a.txt', 'png', '.', 'a.', 'a.svgz', 'a.png.exe', 'a.bmp', 'a.heic', '']) {
      expect(isImageName(name), name).toBe(false);
    }
  });
});
