/** Server settings from the environment: the demo switch and the public URL. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('creates the demo account unless DEMO is 0 or false', () => {
    expect(loadConfig({}).demo).toBe(true);
    for (const on of ['1', 'true', 'yes', '', 'off?']) {
      expect(loadConfig({ DEMO: on }).demo, on).toBe(true);
    }
    for (const off of ['0', 'false', 'FALSE', ' 0 ']) {
      expect(loadConfig({ DEMO: off }).demo, off).toBe(false);
    }
  });

  it('keeps the other settings apart from the demo switch', () => {
    expect(loadConfig({ DEMO: '0', PORT: '9000' })).toMatchObject({ port: 9000, demo: false });
    expect(() => loadConfig({ DEMO: '0', PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('takes PUBLIC_URL without a trailing slash, and refuses what is not an http(s) URL', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080/iot' }).publicUrl).toBe('http://10.0.0.5:8080/iot');
    for (const bad of ['console.example.com', 'ftp://x', 'https://x/?a=1', 'https://x/#y', 'https:// x']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });
});
