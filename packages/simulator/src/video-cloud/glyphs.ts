/** A 5×7 pixel font for the panorama's labels: digits and the four compass letters. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Pixel (column, row) pairs of `text` in glyph units, one glyph cell plus one blank column apart. */
export function textPixels(text: string): Array<readonly [number, number]> {
  const pixels: Array<readonly [number, number]> = [];
  [...text].forEach((char, index) => {
    const rows = GLYPHS[char];
    if (!rows) return;
    rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x++)
        if (row[x] === '1') pixels.push([index * (GLYPH_WIDTH + 1) + x, y]);
    });
  });
  return pixels;
}

/** Width of `text` in glyph units. */
export function textWidth(text: string): number {
  return text.length === 0 ? 0 : text.length * (GLYPH_WIDTH + 1) - 1;
}
