/** Server settings from the environment: the demo switch, the public URL and the DTU listener. */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultMqttNodeId, loadConfig } from './config.js';

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
  it('reads the DTU listener settings, with their defaults, and refuses bad values', () => {
    expect(loadConfig({})).toMatchObject({ dtuPort: 8899, dtuHeartbeat: 'ping', dtuIdleSeconds: 180 });
    expect(loadConfig({ DTU_PORT: '0', DTU_HEARTBEAT: '', DTU_IDLE_SECONDS: '30' })).toMatchObject({
      dtuPort: 0,
      dtuHeartbeat: '',
      dtuIdleSeconds: 30,
    });
    expect(loadConfig({ DTU_PORT: ' 9000 ', DTU_HEARTBEAT: 'HB 01' })).toMatchObject({
      dtuPort: 9000,
      dtuHeartbeat: 'HB 01',
    });
    for (const bad of ['-1', '65536', '88.5', 'dtu']) {
      expect(() => loadConfig({ DTU_PORT: bad }), bad).toThrow(/DTU_PORT/);
    }
    expect(() => loadConfig({ PORT: '9000', DTU_PORT: '9000' })).toThrow(/DTU_PORT and PORT/);
    expect(loadConfig({ PORT: '0', DTU_PORT: '0' }).dtuPort).toBe(0);
    for (const bad of ['p\u00efng', 'x'.repeat(65), 'a\nb']) {
      expect(() => loadConfig({ DTU_HEARTBEAT: bad }), bad).toThrow(/DTU_HEARTBEAT/);
    }
    for (const bad of ['0', '86401', '1.5', 'soon']) {
      expect(() => loadConfig({ DTU_IDLE_SECONDS: bad }), bad).toThrow(/DTU_IDLE_SECONDS/);
    }
    expect(loadConfig({}).dtuRegistration).toEqual({ prefix: '', hex: false });
    expect(
      loadConfig({ DTU_REGISTRATION_PREFIX: 'REG:', DTU_REGISTRATION_HEX: 'true' }).dtuRegistration,
    ).toEqual({
      prefix: 'REG:',
      hex: true,
    });
    for (const bad of ['x'.repeat(33), 'a\tb', 'r\u00e9g']) {
      expect(() => loadConfig({ DTU_REGISTRATION_PREFIX: bad }), bad).toThrow(/DTU_REGISTRATION_PREFIX/);
    }
  });

  it('takes the history retention and the poll interval as whole numbers', () => {
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '30', POLL_SECONDS: '10' })).toMatchObject({
      historyRetentionDays: 30,
      pollSeconds: 10,
    });
    for (const bad of ['0', '-1', '1.5', 'week']) {
      expect(() => loadConfig({ HISTORY_RETENTION_DAYS: bad }), bad).toThrow(/HISTORY_RETENTION_DAYS/);
      expect(() => loadConfig({ POLL_SECONDS: bad }), bad).toThrow(/POLL_SECONDS/);
    }
  });

  it('takes WS_MAX_PER_ADDRESS as a whole number, 256 by default', () => {
    expect(loadConfig({}).wsMaxPerAddress).toBe(256);
    expect(loadConfig({ WS_MAX_PER_ADDRESS: '16' }).wsMaxPerAddress).toBe(16);
    for (const bad of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ WS_MAX_PER_ADDRESS: bad }), bad).toThrow(/WS_MAX_PER_ADDRESS/);
    }
  });

  it('takes TIME_ZONE as an IANA zone, Asia/Shanghai by default', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: ' Europe/Berlin ' }).timeZone).toBe('Europe/Berlin');
    expect(loadConfig({ TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
    for (const bad of ['Mars/Olympus', 'GMT+25', '../etc']) {
      expect(() => loadConfig({ TIME_ZONE: bad }), bad).toThrow(/TIME_ZONE/);
    }
  });

  it('takes MQTT_URL as a broker URL, unset for no MQTT, and a node id of the host name and port', () => {
    expect(loadConfig({}).mqttUrl).toBeUndefined();
    expect(loadConfig({ MQTT_URL: ' ' }).mqttUrl).toBeUndefined();
    for (const url of [
      'mqtt://127.0.0.1:1883',
      'mqtts://u:p@broker.example.com',
      'ws://b:8083/mqtt',
      'wss://b',
    ]) {
      expect(loadConfig({ MQTT_URL: url }).mqttUrl, url).toBe(url);
    }
    for (const bad of ['127.0.0.1:1883', 'http://b', 'mqtt://', 'mqtt://b c', 'mqtt://b/?x=1']) {
      expect(() => loadConfig({ MQTT_URL: bad }), bad).toThrow(/MQTT_URL/);
    }
    expect(loadConfig({ PORT: '9000' }).mqttNodeId).toBe(defaultMqttNodeId(hostname(), 9000));
    expect(loadConfig({ PORT: '9000' }).mqttNodeId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(loadConfig({ MQTT_NODE_ID: ' node_2-b ' }).mqttNodeId).toBe('node_2-b');
    for (const bad of ['a.b', 'x'.repeat(65), 'a/b', 'a+', '#']) {
      expect(() => loadConfig({ MQTT_NODE_ID: bad }), bad).toThrow(/MQTT_NODE_ID/);
    }
  });

  it('takes REDIS_URL as a redis:// or rediss:// URL, unset for one node alone', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    for (const url of ['redis://127.0.0.1:6379', 'rediss://:secret@cache.example.com:6380/2', 'redis://r']) {
      expect(loadConfig({ REDIS_URL: url }).redisUrl, url).toBe(url);
    }
    for (const bad of [
      '127.0.0.1:6379',
      'http://r',
      'redis://',
      'redis://r c',
      'redis://r/x',
      'redis://r/1?a=b',
    ]) {
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL/);
    }
  });

  it('makes the default node id from the host name and port, 1-64 safe characters', () => {
    expect(defaultMqttNodeId('web-1', 8080)).toBe('web-1-8080');
    expect(defaultMqttNodeId('web1.example.com', 80)).toBe('web1-example-com-80');
    expect(defaultMqttNodeId('', 8080)).toBe('node-8080');
    expect(defaultMqttNodeId('...', 0)).toBe('node-0');
    const long = defaultMqttNodeId('h'.repeat(100), 65535);
    expect(long).toHaveLength(64);
    expect(long.endsWith('-65535')).toBe(true);
  });

  it('reads MODBUS_TCP_ALLOW as IPv4 and IPv6 CIDR ranges or single addresses, none by default', () => {
    expect(loadConfig({}).modbusTcpAllow).toEqual([]);
    expect(loadConfig({ MODBUS_TCP_ALLOW: ' ' }).modbusTcpAllow).toEqual([]);
    expect(
      loadConfig({ MODBUS_TCP_ALLOW: '127.0.0.1/32, ::1 ,10.0.0.0/8,fe80::/10,' }).modbusTcpAllow,
    ).toEqual([
      { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { address: '::1', prefix: 128, family: 'ipv6' },
      { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { address: 'fe80::', prefix: 10, family: 'ipv6' },
    ]);
    for (const bad of [
      'localhost',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '1.2.3',
      'fe80::1%eth0',
    ]) {
      expect(() => loadConfig({ MODBUS_TCP_ALLOW: bad }), bad).toThrow(/MODBUS_TCP_ALLOW/);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set: the client is the socket address', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'FALSE']) {
      expect(loadConfig(off === undefined ? {} : { TRUST_PROXY: off }).trustProxy, String(off)).toBe(false);
    }
  });

  it('takes true, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what Fastify would not read as proxies', () => {
    for (const bad of ['yes', '1', '2', '10.0.0.1,', '10.0.0.0/33', 'proxy.example.com', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('console settings', () => {
  it('REDIRECT_ALLOW lists http(s) origins, normalised, none by default', () => {
    expect(loadConfig({}).redirectAllow).toEqual([]);
    expect(loadConfig({ REDIRECT_ALLOW: ' ' }).redirectAllow).toEqual([]);
    expect(
      loadConfig({
        REDIRECT_ALLOW: 'https://Portal.Example, http://10.0.0.5:8080/,https://portal.example:443,',
      }).redirectAllow,
    ).toEqual(['https://portal.example', 'http://10.0.0.5:8080']);
    for (const bad of [
      'portal.example',
      'javascript:alert(1)',
      'ftp://portal.example',
      'https://portal.example/home',
      'https://portal.example?x=1',
      'https://portal.example/#x',
      'https://user@portal.example',
      'https://a.example, //b.example',
    ]) {
      expect(() => loadConfig({ REDIRECT_ALLOW: bad }), bad).toThrow(/REDIRECT_ALLOW/);
    }
  });

  it('MICRO_APP_ORIGINS lists http(s) origins by spaces or commas, normalised, none by default', () => {
    expect(loadConfig({}).microAppOrigins).toEqual([]);
    expect(loadConfig({ MICRO_APP_ORIGINS: ' \t' }).microAppOrigins).toEqual([]);
    expect(
      loadConfig({
        MICRO_APP_ORIGINS:
          'http://Intranet:8080  http://10.0.0.5:8081/,https://apps.example:443\nhttp://intranet:8080',
      }).microAppOrigins,
    ).toEqual(['http://intranet:8080', 'http://10.0.0.5:8081', 'https://apps.example']);
    for (const bad of [
      'intranet:8080',
      'http://intranet:8080/app',
      'http://intranet:8080?x=1',
      'http://user@intranet:8080',
      'ws://intranet:8080',
      "http://intranet:8080 'unsafe-inline'",
      'http://intranet:8080;script-src',
      'http://[::1]:8080',
      'http://a;script-src',
      "http://a'b:8080",
      'http://*.example.com',
    ]) {
      expect(() => loadConfig({ MICRO_APP_ORIGINS: bad }), bad).toThrow(/MICRO_APP_ORIGINS/);
    }
  });

  it('SERVE_SOURCE_MAPS is off unless 1 or true', () => {
    expect(loadConfig({}).serveSourceMaps).toBe(false);
    expect(loadConfig({ SERVE_SOURCE_MAPS: '0' }).serveSourceMaps).toBe(false);
    expect(loadConfig({ SERVE_SOURCE_MAPS: '1' }).serveSourceMaps).toBe(true);
    expect(loadConfig({ SERVE_SOURCE_MAPS: 'TRUE' }).serveSourceMaps).toBe(true);
  });
});
