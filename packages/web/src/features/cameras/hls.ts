/**
 * hls.js, loaded only when an HLS stream is about to play: it is a large library most sessions
 * never need, so it stays out of the initial bundle (Vite splits a dynamic import into its own
 * chunk). Its light build: a camera's live stream needs no subtitles, alternate audio, DRM or
 * interstitials, and the chunk is a third smaller.
 */
import type Hls from 'hls.js';

export type HlsClass = typeof Hls;

export const loadHls = (): Promise<HlsClass> => import('hls.js/light').then((module) => module.default);

/** The type a browser that plays HLS itself (Safari, iOS) answers to with 'maybe' or 'probably'. */
export const NATIVE_HLS_TYPE = 'application/vnd.apple.mpegurl';
