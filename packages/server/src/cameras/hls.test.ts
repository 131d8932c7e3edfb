import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediaType, PlaylistError, rewritePlaylist } from './hls.js';

const BASE = 'https://cam.example:8443/live/cam1/index.m3u8?token=abc';
const tag = (url: string) => `<${url}>`;

describe('rewritePlaylist', () => {
  it('rewrites segment lines and URI attributes, absolute against the playlist, and keeps the rest', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin",IV=0x1',
      '#EXT-X-MAP:URI="init.mp4"',
      '# a comment with URI="not-a-tag"',
      '#EXTINF:2.0,',
      'seg1.ts',
      '#EXTINF:2.0,',
      '  /abs/seg2.ts  ',
      '#EXTINF:2.0,',
      'https://other.example/seg3.ts',
      '',
    ].join('\r\n');
    expect(rewritePlaylist(playlist, BASE, tag).split('\r\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-KEY:METHOD=AES-128,URI="<https://cam.example:8443/live/cam1/keys/k1.bin>",IV=0x1',
      '#EXT-X-MAP:URI="<https://cam.example:8443/live/cam1/init.mp4>"',
      '# a comment with URI="not-a-tag"',
      '#EXTINF:2.0,',
      '<https://cam.example:8443/live/cam1/seg1.ts>',
      '#EXTINF:2.0,',
      '<https://cam.example:8443/abs/seg2.ts>',
      '#EXTINF:2.0,',
      '<https://other.example/seg3.ts>',
      '',
    ]);
  });

  it('rewrites the variants and renditions of a master playlist', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/en.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
      'low/index.m3u8?x=1',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=9000,URI="iframes.m3u8"',
    ].join('\n');
    expect(rewritePlaylist(master, BASE, tag)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="<https://cam.example:8443/live/cam1/audio/en.m3u8>"',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
        '<https://cam.example:8443/live/cam1/low/index.m3u8?x=1>',
        '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=9000,URI="<https://cam.example:8443/live/cam1/iframes.m3u8>"',
      ].join('\n'),
    );
  });

  it('refuses what is not a playlist and addresses that are not http(s)', () => {
    expect(() => rewritePlaylist('<html></html>', BASE, tag)).toThrow(PlaylistError);
    expect(() => rewritePlaylist('#EXTM3U\nfile:///etc/passwd', BASE, tag)).toThrow(/file: address/);
    expect(() => rewritePlaylist('#EXTM3U\n#EXT-X-KEY:URI="data:text/plain,x"', BASE, tag)).toThrow(
      /data: address/,
    );
    expect(rewritePlaylist('\uFEFF#EXTM3U\nseg.ts', BASE, tag)).toBe(
      '#EXTM3U\n<https://cam.example:8443/live/cam1/seg.ts>',
    );
  });

  it('leaves no line naming an address unrewritten, whatever the segment names', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/).filter((s) => !s.startsWith('#'));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 20 }), (names) => {
        const text = ['#EXTM3U', ...names.flatMap((n) => ['#EXTINF:1,', n])].join('\n');
        const out = rewritePlaylist(text, BASE, tag).split('\n');
        const uris = out.filter((line) => !line.startsWith('#'));
        expect(uris).toHaveLength(names.length);
        for (const [i, line] of uris.entries()) {
          expect(line).toBe(`<${new URL(names[i] ?? '', BASE).href}>`);
        }
      }),
    );
  });
});

describe('mediaType', () => {
  it('is the lower-case type without parameters', () => {
    expect(mediaType('Multipart/X-Mixed-Replace; boundary=frame')).toBe('multipart/x-mixed-replace');
    expect(mediaType(undefined)).toBe('');
  });
});
