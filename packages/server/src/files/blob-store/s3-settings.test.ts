import { describe, expect, it } from 'vitest';
import { parseS3Settings } from './s3-settings.js';

const FULL = {
  S3_URL: 'https://s3.eu-central-1.amazonaws.com',
  S3_BUCKET: 'fieldlink-files',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very/secret+key',
};

describe('parseS3Settings', () => {
  it('gives null when S3_URL is unset or empty: the bytes stay in the database', () => {
    expect(parseS3Settings({})).toBeNull();
    expect(parseS3Settings({ S3_URL: '  ', S3_BUCKET: 'b' })).toBeNull();
  });

  it('reads every variable, with us-east-1 and path style by default', () => {
    expect(parseS3Settings(FULL)).toEqual({
      url: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'fieldlink-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very/secret+key',
      forcePathStyle: true,
    });
    expect(
      parseS3Settings({ ...FULL, S3_REGION: 'eu-central-1', S3_PATH_STYLE: 'false', S3_PREFIX: 'plant-a/' }),
    ).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, prefix: 'plant-a/' });
  });

  it.each([
    ['1', true],
    ['TRUE', true],
    ['yes', true],
    ['0', false],
    ['off', false],
    ['No', false],
    ['', true],
  ])('reads S3_PATH_STYLE=%s as %s', (value, expected) => {
    expect(parseS3Settings({ ...FULL, S3_PATH_STYLE: value })?.forcePathStyle).toBe(expected);
  });

  it('names the one variable missing', () => {
    expect(() => parseS3Settings({ ...FULL, S3_BUCKET: undefined })).toThrow(
      'S3_URL is set, so the S3 blob store needs S3_BUCKET too; it is missing',
    );
  });

  it('names every variable missing', () => {
    expect(() => parseS3Settings({ S3_URL: 'http://127.0.0.1:9000' })).toThrow(
      'S3_URL is set, so the S3 blob store needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too; they are missing',
    );
  });

  it.each([
    ['not a url', /S3_URL must be an http:\/\/ or https:\/\/ URL such as/],
    ['ftp://host/', /S3_URL must be an http:\/\/ or https:\/\/ URL, got a ftp: one/],
    ['http://host:9000/?x=1', /no query or fragment/],
  ])('refuses S3_URL=%s', (url, message) => {
    expect(() => parseS3Settings({ ...FULL, S3_URL: url })).toThrow(message);
  });

  it('refuses credentials in S3_URL without repeating them', () => {
    const attempt = (): unknown => parseS3Settings({ ...FULL, S3_URL: 'http://key:hunter2@127.0.0.1:9000' });
    expect(attempt).toThrow(
      'S3_URL must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead',
    );
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('refuses malformed values, and never repeats the secret', () => {
    expect(() => parseS3Settings({ ...FULL, S3_BUCKET: 'a/b' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseS3Settings({ ...FULL, S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
    expect(() => parseS3Settings({ ...FULL, S3_BUCKET: 'a..b' })).toThrow(/S3_BUCKET/);
    expect(() => parseS3Settings({ ...FULL, S3_REGION: 'eu central' })).toThrow(
      /S3_REGION must be a region name/,
    );
    expect(() => parseS3Settings({ ...FULL, S3_PATH_STYLE: 'maybe' })).toThrow(
      /S3_PATH_STYLE must be true or false/,
    );
    for (const env of [
      { ...FULL, S3_BUCKET: '' },
      { ...FULL, S3_PATH_STYLE: 'x' },
      { ...FULL, S3_REGION: '?' },
    ]) {
      expect(() => parseS3Settings(env)).not.toThrow(/very\/secret/);
    }
  });
});
