import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs, USAGE } from './cli-args.js';

const base = ['--count', '10', '--type', 'FL-R8', '--server', 'gw.example.com:9000'];

function error(argv: string[]): string {
  const parsed = parseSimulateArgs(argv);
  if (parsed.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(parsed)}`);
  return parsed.message;
}

describe('parseSimulateArgs', () => {
  it('reads the required options and fills in the defaults', () => {
    expect(parseSimulateArgs(base)).toEqual({
      kind: 'run',
      options: {
        count: 10,
        type: 'FL-R8',
        host: 'gw.example.com',
        port: 9000,
        prefix: 'SIM',
        heartbeatMs: 60_000,
        stagger: 200,
      },
    });
  });

  it('reads every option, in either form', () => {
    const parsed = parseSimulateArgs([
      '--count=20000',
      '--type',
      'FL-AI8',
      '--server=[::1]:8899',
      '--prefix',
      'LOAD',
      '--secret=top secret',
      '--heartbeat',
      '0.5',
      '--stagger',
      '500',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        count: 20000,
        type: 'FL-AI8',
        host: '::1',
        port: 8899,
        prefix: 'LOAD',
        secret: 'top secret',
        heartbeatMs: 500,
        stagger: 500,
      },
    });
  });

  it('defaults the port to 8899 and allows heartbeat 0', () => {
    const parsed = parseSimulateArgs([
      '--count',
      '1',
      '--type',
      'FL-R4',
      '--server',
      '10.0.0.5',
      '--heartbeat',
      '0',
    ]);
    expect(parsed.kind === 'run' && parsed.options).toMatchObject({
      host: '10.0.0.5',
      port: 8899,
      heartbeatMs: 0,
    });
  });

  it('answers --help anywhere', () => {
    expect(parseSimulateArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseSimulateArgs([...base, '-h'])).toEqual({ kind: 'help' });
    expect(USAGE).toContain('--count N');
    expect(USAGE).toContain('FL-R8');
    // Sub-device types are offered for --slave-type only, never as --type.
    const typeLine = USAGE.split('\n').find((l) => l.trimStart().startsWith('--type TYPE'));
    expect(typeLine).toContain('FL-JYTeam001');
    expect(typeLine).not.toContain('FL-LR4');
    expect(USAGE).toMatch(/--slave-type TYPE .*FL-LR4/);
  });

  it('explains what is wrong', () => {
    expect(error([])).toBe('--count is required');
    expect(error(['--count', '5', '--type', 'FL-R8'])).toBe('--server is required');
    expect(error(['--count', 'ten', ...base.slice(2)])).toMatch(/--count must be a whole number 1-999999/);
    expect(error(['--count', '0', ...base.slice(2)])).toMatch(/--count/);
    expect(error(['--count', '1e3', ...base.slice(2)])).toMatch(/--count/);
    expect(error(['--count', '1000000', ...base.slice(2)])).toMatch(/--count/);
    expect(error([...base.slice(0, 2), '--type', 'FL-NOPE', ...base.slice(4)])).toMatch(
      /unknown equipment type/,
    );
    expect(error([...base.slice(0, 2), '--type', 'FL-MBMETER', ...base.slice(4)])).toMatch(
      /only behind a modbus host/,
    );
    expect(error([...base.slice(0, 4), '--server', 'host:99999'])).toMatch(/--server port/);
    expect(error([...base.slice(0, 4), '--server', 'a:b:c'])).toMatch(/--server must be/);
    expect(error([...base.slice(0, 4), '--server', ''])).toMatch(/--server must be/);
    expect(error([...base, '--prefix', 'A:B'])).toMatch(/serial number/);
    expect(error([...base, '--secret', 'é'])).toMatch(/secret/);
    expect(error([...base, '--heartbeat', '-1'])).toMatch(/--heartbeat/);
    expect(error([...base, '--heartbeat', 'soon'])).toMatch(/--heartbeat/);
    expect(error([...base, '--stagger', '0'])).toMatch(/--stagger/);
    expect(error([...base, '--frobnicate', '1'])).toBe('unknown option --frobnicate');
    expect(error([...base, '--count', '3'])).toBe('--count is given twice');
    expect(error([...base, '--prefix'])).toBe('--prefix needs a value');
    expect(error([...base, '--prefix', '--secret', 'x'])).toBe('--prefix needs a value');
    expect(error([...base, 'extra'])).toBe('unexpected argument "extra"');
  });

  it('reads the Modbus TCP mode: devices on consecutive ports, no gateway', () => {
    expect(parseSimulateArgs(['--count', '3', '--type', 'FL-R8', '--modbus-tcp', '1502'])).toEqual({
      kind: 'serve',
      options: { count: 3, type: 'FL-R8', port: 1502, prefix: 'SIM' },
    });
    expect(parseSimulateArgs(['--modbus-tcp=502', '--count=1', '--type=FL-AI8', '--prefix', 'LAN'])).toEqual({
      kind: 'serve',
      options: { count: 1, type: 'FL-AI8', port: 502, prefix: 'LAN' },
    });
    expect(USAGE).toContain('--modbus-tcp PORT');
    const tcp = ['--count', '2', '--type', 'FL-R8', '--modbus-tcp'];
    expect(error([...tcp, '1502', '--server', 'gw:1'])).toBe('--server does not apply with --modbus-tcp');
    expect(error([...tcp, '1502', '--secret', 'abc'])).toBe('--secret does not apply with --modbus-tcp');
    expect(error([...tcp, '1502', '--heartbeat', '0'])).toBe('--heartbeat does not apply with --modbus-tcp');
    expect(error([...tcp, '0'])).toMatch(/--modbus-tcp must be a whole number 1-65535/);
    expect(error([...tcp, 'http'])).toMatch(/--modbus-tcp must be/);
    expect(error([...tcp, '65535'])).toMatch(/no room for 2 devices/);
    expect(error(['--type', 'FL-R8', '--modbus-tcp', '1502'])).toBe('--count is required');
    expect(error(['--count', '1', '--type', 'FL-MBMETER', '--modbus-tcp', '1502'])).toMatch(/only behind/);
  });

  it('reads the MQTT mode: devices on a broker, reporting changes every --report-ms', () => {
    const mqtt = ['--count', '3', '--type', 'FL-R8', '--mqtt'];
    expect(parseSimulateArgs([...mqtt, 'mqtt://127.0.0.1:1883'])).toEqual({
      kind: 'mqtt',
      options: {
        count: 3,
        type: 'FL-R8',
        url: 'mqtt://127.0.0.1:1883',
        prefix: 'SIM',
        reportMs: 1000,
        stagger: 200,
      },
    });
    expect(
      parseSimulateArgs([
        '--mqtt=mqtts://user:pw@broker.example.com',
        '--count=2',
        '--type=FL-AI8',
        '--prefix',
        'MQ',
        '--report-ms',
        '100',
        '--stagger',
        '50',
      ]),
    ).toEqual({
      kind: 'mqtt',
      options: {
        count: 2,
        type: 'FL-AI8',
        url: 'mqtts://user:pw@broker.example.com',
        prefix: 'MQ',
        reportMs: 100,
        stagger: 50,
      },
    });
    expect(USAGE).toContain('--mqtt URL');
    expect(USAGE).toContain('--report-ms MS');
    const url = 'mqtt://b';
    expect(error([...mqtt, url, '--server', 'gw:1'])).toBe('--server does not apply with --mqtt');
    expect(error([...mqtt, url, '--secret', 'abc'])).toBe('--secret does not apply with --mqtt');
    expect(error([...mqtt, url, '--heartbeat', '0'])).toBe('--heartbeat does not apply with --mqtt');
    expect(error([...mqtt, url, '--modbus-tcp', '1502'])).toBe('--modbus-tcp does not apply with --mqtt');
    expect(error([...mqtt, url, '--report-ms', '99'])).toMatch(
      /--report-ms must be a whole number 100-3600000/,
    );
    expect(error([...mqtt, url, '--report-ms', '0.5'])).toMatch(/--report-ms must be/);
    for (const bad of ['127.0.0.1:1883', 'http://b', 'mqtt://', 'mqtt://b c']) {
      expect(error([...mqtt, bad]), bad).toMatch(
        /--mqtt must be an mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\/ URL/,
      );
    }
    expect(error(['--type', 'FL-R8', '--mqtt', url])).toBe('--count is required');
    expect(error([...base, '--report-ms', '100'])).toBe('--report-ms applies with --mqtt only');
  });
});

describe('parseSimulateArgs: hosts with sub-devices and kept state', () => {
  const host = (type: string, ...extra: string[]) => [
    '--count',
    '2',
    '--type',
    type,
    '--server',
    'gw',
    ...extra,
  ];

  it('--slaves gives each host N sub-devices of the default or given type', () => {
    const team = parseSimulateArgs(host('FL-JYTeam001', '--slaves', '3'));
    expect(team).toMatchObject({ kind: 'run', options: { slaves: { count: 3, type: 'FL-LR4' } } });
    expect(parseSimulateArgs(host('FL-JYTeam001', '--slaves=249', '--slave-type', 'FL-LAI4'))).toMatchObject({
      options: { slaves: { count: 249, type: 'FL-LAI4' } },
    });
    expect(parseSimulateArgs(host('FL-MBGW', '--slaves', '247'))).toMatchObject({
      options: { slaves: { count: 247, type: 'FL-MBMETER' } },
    });
    expect(parseSimulateArgs(host('FL-DLGW', '--slaves', '7'))).toMatchObject({
      options: { slaves: { count: 7, type: 'FL-DL645METER' } },
    });
    expect(
      parseSimulateArgs(['--count', '1', '--type', 'FL-MBGW', '--modbus-tcp', '1502', '--slaves', '1']),
    ).toMatchObject({ kind: 'serve', options: { slaves: { count: 1, type: 'FL-MBMETER' } } });
  });

  it('refuses sub-devices past what the host reaches, on a board, or of the wrong kind', () => {
    expect(error(host('FL-JYTeam001', '--slaves', '250'))).toMatch(/--slaves must be a whole number 1-249/);
    expect(error(host('FL-MBGW', '--slaves', '248'))).toMatch(/1-247/);
    expect(error(host('FL-DLGW', '--slaves', '8'))).toMatch(/1-7/);
    expect(error(host('FL-DLGW', '--slaves', '0'))).toMatch(/1-7/);
    expect(error(host('FL-R8', '--slaves', '1'))).toMatch(
      /--slaves needs a host type .* FL-R8 carries no sub-devices/,
    );
    expect(error(host('FL-MBGW', '--slaves', '1', '--slave-type', 'FL-LR4'))).toMatch(
      /--slave-type must be one of FL-MBMETER/,
    );
    expect(error(host('FL-JYTeam001', '--slave-type', 'FL-LR4'))).toBe('--slave-type needs --slaves');
  });

  it('--state-dir is kept as given; an empty one is refused', () => {
    expect(parseSimulateArgs(host('FL-R8', '--state-dir', './state'))).toMatchObject({
      options: { stateDir: './state' },
    });
    expect(
      parseSimulateArgs(['--count', '1', '--type', 'FL-R8', '--modbus-tcp', '1502', '--state-dir', '/tmp/s']),
    ).toMatchObject({ kind: 'serve', options: { stateDir: '/tmp/s' } });
    expect(error(host('FL-R8', '--state-dir='))).toBe('--state-dir needs a directory');
    expect(USAGE).toContain('--state-dir DIR');
  });

  it('any --slaves value gives N within what the host reaches, or says why not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('FL-JYTeam001', 'FL-MBGW', 'FL-DLGW', 'FL-R8'),
        fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 300 }).map(String)),
        (type, text) => {
          const parsed = parseSimulateArgs(host(type, `--slaves=${text}`));
          if (parsed.kind === 'run') {
            const reach: Record<string, number> = { 'FL-JYTeam001': 249, 'FL-MBGW': 247, 'FL-DLGW': 7 };
            const max = reach[type]!;
            expect(parsed.options.slaves!.count).toBeGreaterThanOrEqual(1);
            expect(parsed.options.slaves!.count).toBeLessThanOrEqual(max);
            expect(String(parsed.options.slaves!.count)).toBe(text.replace(/^0+(?=\d)/, ''));
          } else {
            expect(parsed.kind).toBe('error');
          }
        },
      ),
    );
  });
});
