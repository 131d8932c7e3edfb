/** The cameras' server settings (config.ts): VIDEO_CLOUD_URL and CAMERA_STREAM_ALLOW. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DialPolicy } from '../gateway/modbus-tcp/dial-policy.js';
import { DEFAULT_VIDEO_CLOUD_URL } from './routes.js';

describe('camera settings', () => {
  it('leave the video cloud unset (the default https://open.ys7.com, or the demo cloud) and take an http(s) URL', () => {
    expect(loadConfig({}).videoCloudUrl).toBeUndefined();
    expect(DEFAULT_VIDEO_CLOUD_URL).toBe('https://open.ys7.com');
    expect(loadConfig({ VIDEO_CLOUD_URL: ' https://open.ys7.com/ ' }).videoCloudUrl).toBe(
      'https://open.ys7.com',
    );
    expect(loadConfig({ VIDEO_CLOUD_URL: 'http://10.0.0.2:8080/ezviz' }).videoCloudUrl).toBe(
      'http://10.0.0.2:8080/ezviz',
    );
    for (const bad of ['ftp://cloud', 'https://user:pw@cloud', 'https://cloud/?x=1', 'cloud']) {
      expect(() => loadConfig({ VIDEO_CLOUD_URL: bad }), bad).toThrow(/VIDEO_CLOUD_URL must be/);
    }
  });

  it('open ranges to stream-address cameras with CAMERA_STREAM_ALLOW, nothing by default', () => {
    expect(loadConfig({}).cameraStreamAllow).toEqual([]);
    const allow = loadConfig({ CAMERA_STREAM_ALLOW: '127.0.0.1/32, fd00::/8' }).cameraStreamAllow;
    expect(allow).toEqual([
      { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { address: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    const policy = new DialPolicy({ allow, ownAddresses: () => [] });
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(policy.refusal('127.0.0.2')).toBe('a loopback address');
    expect(() => loadConfig({ CAMERA_STREAM_ALLOW: 'localhost' })).toThrow(
      "CAMERA_STREAM_ALLOW must be a comma-separated CIDR list: 'localhost' is not an IPv4 or IPv6 address or CIDR range",
    );
  });
});
