import { describe, expect, it } from 'vitest';
import {
  accountChanged,
  accountToSave,
  accountValues,
  isCameraName,
  isStreamUrl,
  urlCameraChange,
} from './camera-forms';
import { urlCamera } from './fixtures';

describe('the video-cloud account to save', () => {
  const stored = {
    userID: 'u1',
    appKey: 'k1',
    appSecret: 's1',
    accessToken: 'tok',
    password: 'p',
    appType: 'hk',
  };

  it('keeps the fields the form does not show, and the token while the app stays', () => {
    expect(accountToSave(stored, { appKey: 'k1', appSecret: 's1', appType: 'hk' })).toEqual(stored);
  });

  it('drops the token of the old app when appKey or appSecret changes', () => {
    expect(accountToSave(stored, { appKey: ' k2 ', appSecret: 's1', appType: 'hk' })).toEqual({
      userID: 'u1',
      appKey: 'k2',
      appSecret: 's1',
      password: 'p',
      appType: 'hk',
    });
    expect(accountToSave(stored, { appKey: 'k1', appSecret: 's2', appType: 'hk' })).not.toHaveProperty(
      'accessToken',
    );
  });

  it('is a new account from an empty one, and none when everything is emptied', () => {
    expect(accountToSave(null, { appKey: 'k', appSecret: '', appType: 'hk' })).toEqual({
      appKey: 'k',
      appType: 'hk',
    });
    expect(accountToSave(null, { appKey: ' ', appSecret: '', appType: 'hk' })).toBeNull();
    expect(accountToSave({ appKey: 'k', appSecret: 's', appType: 'hk' }, accountValues(null))).toBeNull();
  });

  it('knows when the form differs from the stored account', () => {
    expect(accountChanged(stored, accountValues(stored))).toBe(false);
    expect(accountChanged(null, { appKey: '', appSecret: '', appType: 'hk' })).toBe(false);
    expect(accountChanged(stored, { ...accountValues(stored), appSecret: 'x' })).toBe(true);
  });
});

describe('a stream address', () => {
  it.each([
    'http://192.168.1.20/video.mjpg',
    'https://cam.example.com:8443/live/index.m3u8?token=a',
    'HTTP://host',
  ])('takes %s', (url) => expect(isStreamUrl(url)).toBe(true));

  it.each([
    '',
    'rtsp://host/stream',
    'ftp://host/x',
    'http://user:pass@host/x',
    'http://user@host/x',
    'http:///x',
    'http://host/a b',
    'host/video',
  ])('refuses %j', (url) => expect(isStreamUrl(url)).toBe(false));

  it('takes 1024 characters, not 1025', () => {
    const base = 'http://h/';
    expect(isStreamUrl(base + 'a'.repeat(1024 - base.length))).toBe(true);
    expect(isStreamUrl(base + 'a'.repeat(1025 - base.length))).toBe(false);
  });

  it('names a camera with 1 to 64 characters', () => {
    expect(isCameraName('a'.repeat(64))).toBe(true);
    expect(isCameraName('a'.repeat(65))).toBe(false);
    expect(isCameraName('  ')).toBe(false);
  });
});

describe('a stream-address camera to send', () => {
  it('is all of it when new, only what changed when changed', () => {
    const values = { name: ' Yard ', url: 'http://h/v', kind: 'hls' as const };
    expect(urlCameraChange(null, values)).toEqual({ name: 'Yard', url: 'http://h/v', kind: 'hls' });
    const camera = urlCamera({ name: 'Yard', url: 'http://h/v', kind: 'mjpeg' });
    expect(urlCameraChange(camera, values)).toEqual({ kind: 'hls' });
    expect(urlCameraChange(camera, { ...values, kind: 'mjpeg' })).toEqual({});
  });
});
