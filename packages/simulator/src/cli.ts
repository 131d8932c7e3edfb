/**
 * The simulator command: `npm run simulate -- --count N --type FL-R8 --server host:port`.
 * Starts a fleet of virtual devices, prints a status line every 5 s and closes every link on
 * SIGINT or SIGTERM. Bad arguments print the reason and exit with code 2.
 */
import { parseSimulateArgs, USAGE } from './cli-args.js';
import { Fleet } from './fleet.js';

const STATUS_EVERY_MS = 5000;

function line(fleet: Fleet): string {
  const s = fleet.status();
  const time = new Date().toISOString().slice(11, 19);
  return `${time} connected ${s.connected}/${s.total} (started ${s.started}, drops ${s.drops})`;
}

function main(argv: readonly string[]): void {
  const parsed = parseSimulateArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`simulate: ${parsed.message}\nRun with --help for the options.\n`);
    process.exitCode = 2;
    return;
  }
  const o = parsed.options;
  let fleet: Fleet;
  try {
    fleet = new Fleet({
      type: o.type,
      count: o.count,
      host: o.host,
      port: o.port,
      prefix: o.prefix,
      ...(o.secret !== undefined ? { secret: o.secret } : {}),
      stagger: o.stagger,
      link: { heartbeatMs: o.heartbeatMs },
    });
  } catch (e) {
    process.stderr.write(`simulate: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
    return;
  }
  const target = o.host.includes(':') ? `[${o.host}]:${o.port}` : `${o.host}:${o.port}`;
  process.stdout.write(`Simulating ${o.count} × ${o.type} (${o.prefix}…) against ${target}\n`);
  fleet.start();
  const status = setInterval(() => process.stdout.write(`${line(fleet)}\n`), STATUS_EVERY_MS);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`simulate: ${signal} again, exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    clearInterval(status);
    process.stdout.write(`${signal}: closing ${fleet.total} links\n`);
    void fleet.stop().then(() => {
      process.stdout.write(`${line(fleet)}\nstopped\n`);
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main(process.argv.slice(2));
