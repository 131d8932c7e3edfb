/**
 * Pictures in the file store: sniffing by content, proving and resizing with sharp, thumbnails,
 * SVG sanitising and the headers to serve them with. Pure functions: no routes, no storage.
 */
export { ImageRejected, NOT_A_PICTURE } from './errors.js';
export type { ImageRejectedReason } from './errors.js';
export { IMAGE_FORMATS, IMAGE_MIME, extensionsFor, isImageName, sniffImage } from './sniff.js';
export type { ImageFormat } from './sniff.js';
export { IMAGE_LIMITS, MAX_RESIZE, THUMBNAIL_SIDE, inspectImage, resizeImage, thumbnail } from './raster.js';
export type { ImageInfo, ImageLimits, ResizeBox, ResizedImage, Thumbnail } from './raster.js';
export { SVG_LIMITS } from './svg-sanitise.js';
export { closeSvgThread, sanitiseSvg } from './svg-thread.js';
export type { SanitisedSvg, SvgLimits } from './svg-sanitise.js';
export { SVG_CONTENT_SECURITY_POLICY, contentDisposition, imageResponseHeaders } from './serve.js';
