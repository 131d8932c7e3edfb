/**
 * Control characters, dropped the way a URL parser (or an attacker counting on one) drops them:
 * `java&#9;script:` is `javascript:` to a browser. Also keeps them out of response headers.
 */

/** `value` without C0 controls and DEL, and without spaces unless `keepSpace`. */
export function dropControls(value: string, keepSpace = false): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code === 0x7f || code < 0x20 || (code === 0x20 && !keepSpace)) continue;
    out += char;
  }
  return out;
}
