/**
 * The user name in the avatar menu is cut at 6 width units, then ellipsed (§2). A double-byte
 * character (CJK, full-width forms) counts 2, anything else 1.
 */
export const NAME_WIDTH = 6;

function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xff ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

export function cutName(name: string, max = NAME_WIDTH): string {
  if (displayWidth(name) <= max) return name;
  let width = 0;
  let out = '';
  for (const char of name) {
    width += charWidth(char);
    if (width > max) break;
    out += char;
  }
  return `${out}...`;
}
