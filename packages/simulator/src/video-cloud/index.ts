export { startVideoCloud } from './server.js';
export type { VideoCloud, VideoCloudCounts, VideoCloudOptions } from './server.js';
export { DEFAULT_TOKEN_LIFETIME_MS, MJPEG_PROTOCOL, VIDEO_CLOUD_PATHS } from './cloud-api.js';
export type { RecordedRequest, VideoCloudAccount, VideoCloudCall, VideoCloudCamera } from './cloud-api.js';
export { MJPEG_BOUNDARY, MJPEG_CONTENT_TYPE, MjpegReader } from './mjpeg.js';
export { PTZ_DIRECTION } from './ptz.js';
export type { PtzDirectionCode, PtzPosition, PtzRates, PtzState } from './ptz.js';
