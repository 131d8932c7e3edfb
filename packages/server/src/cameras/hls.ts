/**
 * HLS playlists through the stream proxy: every address a playlist names — a segment, a variant
 * playlist on its own line, or a `URI="…"` attribute of a tag (keys, init sections, renditions,
 * parts) — is made absolute against the playlist's own address and handed to `rewrite`, which
 * turns it into the proxy's address for it. Everything else is kept byte for byte.
 */

/** The playlists' media types (RFC 8216 and the older name players still send). */
export const PLAYLIST_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.apple.mpegurl',
  'application/x-mpegurl',
  'audio/mpegurl',
  'audio/x-mpegurl',
]);

/** The largest playlist read into memory to rewrite. */
export const MAX_PLAYLIST_BYTES = 1024 * 1024;

const URI_ATTRIBUTE = /(^|[:,])(URI=")([^"]*)(")/g;

export class PlaylistError extends Error {}

/**
 * The playlist with each address replaced by `rewrite(absolute address)`. Throws PlaylistError
 * for text that is not a playlist (no `#EXTM3U` first) or an address that is not http(s).
 */
export function rewritePlaylist(
  text: string,
  playlistUrl: string,
  rewrite: (absolute: string) => string,
): string {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!/^#EXTM3U[ \t]*(\r?\n|$)/.test(body)) throw new PlaylistError('not an HLS playlist (no #EXTM3U)');
  const resolve = (reference: string): string => {
    let url: URL;
    try {
      url = new URL(reference, playlistUrl);
    } catch {
      throw new PlaylistError(`the playlist names an address that cannot be read: ${reference.slice(0, 80)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PlaylistError(
        `the playlist names a ${url.protocol} address; only http and https are proxied`,
      );
    }
    return rewrite(url.href);
  };
  return body
    .split('\n')
    .map((line) => {
      const end = line.endsWith('\r') ? '\r' : '';
      const content = end ? line.slice(0, -1) : line;
      const trimmed = content.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        if (!trimmed.startsWith('#EXT')) return line;
        return (
          content.replace(
            URI_ATTRIBUTE,
            (_all, lead: string, open: string, uri: string, close: string) =>
              `${lead}${open}${resolve(uri)}${close}`,
          ) + end
        );
      }
      return resolve(trimmed) + end;
    })
    .join('\n');
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
