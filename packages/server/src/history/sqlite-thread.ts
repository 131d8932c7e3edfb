/**
 * The history writer's SQLite thread (started by SqliteHistoryThread): its own connection to the
 * database file, one transaction per batch. Inserts, commits and WAL checkpoints run here, so the
 * event loop that serves devices and consoles never waits on the disk for history.
 *
 * Messages in: `{ type: 'write', id, samples, events }` (samples packed as SAMPLE_FIELDS numbers
 * each, see sqlite-history.ts) and `{ type: 'close' }`. Out: `{ type: 'ready' }`,
 * `{ type: 'done', id, eventIds }` (the events' ids in order), `{ type: 'failed', id, message }`,
 * `{ type: 'closed' }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ThreadData, ThreadReply, ThreadRequest } from './sqlite-history.js';
import { eventParameters, SAMPLE_FIELDS } from './sqlite-history.js';

const port = parentPort;
if (!port) throw new Error('sqlite-thread runs as a worker thread');
const data = workerData as ThreadData;

const db = new Database(data.file);
db.pragma('synchronous = NORMAL');
db.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
db.pragma(`wal_autocheckpoint = ${data.checkpointPages}`);
const insertSample = db.prepare(data.sampleSql);
const insertEvent = db.prepare(data.eventSql);

const write = db.transaction((samples: Float64Array, events: ThreadRequest & { type: 'write' }) => {
  for (let i = 0; i < samples.length; i += SAMPLE_FIELDS) {
    insertSample.run(samples[i], data.kinds[samples[i + 1]!], samples[i + 2], samples[i + 3], samples[i + 4]);
  }
  const ids: number[] = [];
  for (const row of events.events) ids.push(Number(insertEvent.run(...eventParameters(row)).lastInsertRowid));
  return ids;
});

const reply = (message: ThreadReply): void => port.postMessage(message);

port.on('message', (message: ThreadRequest) => {
  if (message.type === 'close') {
    db.close();
    reply({ type: 'closed' });
    port.close();
    return;
  }
  try {
    const eventIds = write(new Float64Array(message.samples), message);
    reply({ type: 'done', id: message.id, eventIds });
  } catch (error) {
    reply({
      type: 'failed',
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
reply({ type: 'ready' });
