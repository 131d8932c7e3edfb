/**
 * Operations for devices whose link is on another node. The rights and channel checks are done
 * where the operation arrived (operations.ts); then, when the device's host is online here, the
 * device service carries it out; otherwise the link directory names the node that holds the link,
 * the operation goes there over the bus with a request id, and its outcome (status, responses, or
 * the device service's refusal) comes back to be answered as if it were local. No entry, a node
 * that no longer listens, or no reply within `timeoutMs` is `offline`.
 *
 * The node that holds the link reads the equipment from the shared store and carries the operation
 * out only if the host is online there: a request is never passed on again. At most `maxPending`
 * requests wait for replies and `maxServing` are carried out for other nodes at once; past that,
 * they are refused at once.
 */
import { randomBytes } from 'node:crypto';
import { parseOperation } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { DeviceService, OperationOutcome } from '../gateway/devices/device-service.js';
import { OperationError } from '../gateway/devices/device-service.js';
import { LogThrottle } from '../gateway/link/log-throttle.js';
import { silentLog } from '../gateway/link/log.js';
import type { GatewayLog } from '../gateway/link/log.js';
import type { DeviceOperator } from '../gateway/devices/operations.js';
import type { Database, Equipment } from '../storage/schema.js';
import type { Bus } from './bus.js';
import { answerOf, decodeDirect, encodeDirect } from './messages.js';
import type { Answer, BusReply, BusRequest, DirectMessage } from './messages.js';

export interface DeviceRouterOptions {
  readonly bus: Bus;
  readonly db: Kysely<Database>;
  /** The device service of this node. */
  readonly devices: DeviceService;
  /** How long an operation on another node may take; default 20 000 ms. */
  readonly timeoutMs?: number;
  /** Requests waiting for replies at most; default 1000. */
  readonly maxPending?: number;
  /** Requests of other nodes carried out at once at most; default 200. */
  readonly maxServing?: number;
  readonly log?: GatewayLog;
}

type Failure = Extract<Answer, { ok: false }>;

const offline = (message: string): Failure => ({ ok: false, code: 'offline', message });

export class DeviceRouter implements DeviceOperator {
  readonly #bus: Bus;
  readonly #db: Kysely<Database>;
  readonly #devices: DeviceService;
  readonly #timeoutMs: number;
  readonly #maxPending: number;
  readonly #maxServing: number;
  readonly #log: GatewayLog;
  readonly #warnings = new LogThrottle({ intervalMs: 60_000 });
  readonly #pending = new Map<string, { resolve: (answer: Answer) => void; timer: NodeJS.Timeout }>();
  readonly #idPrefix = randomBytes(6).toString('hex');
  #serving = 0;
  #sequence = 0;
  #stopped = false;

  constructor(options: DeviceRouterOptions) {
    this.#bus = options.bus;
    this.#db = options.db;
    this.#devices = options.devices;
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#maxPending = options.maxPending ?? 1000;
    this.#maxServing = options.maxServing ?? 200;
    this.#log = options.log ?? silentLog;
    this.#bus.onDirect((text) => this.#receive(text));
  }

  /** Requests waiting for a reply. */
  get pending(): number {
    return this.#pending.size;
  }

  async operate(equipment: Equipment, op: Operation, userId: number | null): Promise<OperationOutcome> {
    if (this.#local(equipment)) return this.#devices.operate(equipment, op, userId);
    const answer = await this.#ask(equipment, (id) => ({
      t: 'req',
      id,
      from: this.#bus.nodeId,
      kind: 'operate',
      equipmentId: equipment.id,
      userId,
      op,
    }));
    if (!answer.ok) throw failure(answer);
    if (!('outcome' in answer)) throw new Error('the bus answered an operation with registers');
    return answer.outcome;
  }

  async readRegisters(equipment: Equipment, start: number, count: number): Promise<number[]> {
    if (this.#local(equipment)) return this.#devices.readRegisters(equipment, start, count);
    const answer = await this.#ask(equipment, (id) => ({
      t: 'req',
      id,
      from: this.#bus.nodeId,
      kind: 'registers',
      equipmentId: equipment.id,
      start,
      count,
    }));
    if (!answer.ok) throw failure(answer);
    if (!('values' in answer)) throw new Error('the bus answered a register read with an outcome');
    return answer.values;
  }

  /** Refuses new requests and answers every waiting one `offline`. */
  stop(): void {
    this.#stopped = true;
    for (const id of [...this.#pending.keys()]) this.#settle(id, offline('the server is stopping'));
  }

  #local(equipment: Equipment): boolean {
    return this.#stopped || !this.#bus.shared || this.#devices.isOnline(equipment.parent_id ?? equipment.id);
  }

  async #ask(equipment: Equipment, request: (id: string) => BusRequest): Promise<Answer> {
    let holder: string | null;
    try {
      const serial = await this.#hostSerial(equipment);
      holder = serial === null ? null : await this.#bus.holder(serial);
    } catch (err) {
      this.#warn('holder', { err }, 'link directory unreachable');
      return offline('the equipment is offline (the other nodes cannot be reached)');
    }
    if (holder === null || holder === this.#bus.nodeId) return offline('the equipment is offline');
    if (this.#pending.size >= this.#maxPending) return offline('too many operations wait on other nodes');
    const id = `${this.#idPrefix}-${++this.#sequence}`;
    const answer = new Promise<Answer>((resolve) => {
      const timer = setTimeout(
        () => this.#settle(id, offline('the node that holds the device did not answer in time')),
        this.#timeoutMs,
      );
      this.#pending.set(id, { resolve, timer });
    });
    try {
      if (!(await this.#bus.send(holder, encodeDirect(request(id))))) {
        this.#settle(id, offline('the equipment is offline (its node is gone)'));
      }
    } catch (err) {
      this.#warn('send', { err }, 'operation not sent: the bus is unreachable');
      this.#settle(id, offline('the equipment is offline (the other nodes cannot be reached)'));
    }
    return answer;
  }

  async #hostSerial(equipment: Equipment): Promise<string | null> {
    if (equipment.parent_id === null) return equipment.sn?.toUpperCase() ?? null;
    const host = await this.#db
      .selectFrom('equipment')
      .select('sn')
      .where('id', '=', equipment.parent_id)
      .executeTakeFirst();
    return host?.sn?.toUpperCase() ?? null;
  }

  #settle(id: string, answer: Answer): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(answer);
  }

  #receive(text: string): void {
    const decoded = decodeDirect(text);
    if (!decoded.ok) {
      this.#warn('message', { error: decoded.error }, 'bus message dropped: not a request or reply');
      return;
    }
    const message: DirectMessage = decoded.value;
    if (message.t === 'res') this.#settle(message.id, answerOf(message));
    else void this.#serve(message);
  }

  async #serve(request: BusRequest): Promise<void> {
    if (this.#stopped) return this.#reply(request, offline('the node is stopping'));
    if (this.#serving >= this.#maxServing) {
      return this.#reply(request, {
        ok: false,
        code: 'busy',
        message: 'the node that holds the device is busy',
      });
    }
    this.#serving++;
    try {
      const equipment = await this.#db
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', request.equipmentId)
        .executeTakeFirst();
      if (!equipment || !this.#devices.isOnline(equipment.parent_id ?? equipment.id)) {
        return this.#reply(request, offline('the equipment is offline'));
      }
      if (request.kind === 'registers') {
        const values = await this.#devices.readRegisters(equipment, request.start, request.count);
        return this.#reply(request, { ok: true, values });
      }
      const parsed = parseOperation(request.op);
      if (!parsed.ok) {
        this.#warn(
          'operation',
          { from: request.from, error: parsed.error },
          'bus request refused: bad operation',
        );
        return this.#reply(request, { ok: false, code: 'internal', message: 'the operation was garbled' });
      }
      const outcome = await this.#devices.operate(equipment, parsed.operation, request.userId);
      return this.#reply(request, { ok: true, outcome });
    } catch (err) {
      if (err instanceof OperationError)
        return this.#reply(request, {
          ok: false,
          code: err.code,
          message: err.message,
          exception: err.exception,
        });
      this.#log.error(
        { err, from: request.from, equipmentId: request.equipmentId },
        'operation for another node failed',
      );
      return this.#reply(request, {
        ok: false,
        code: 'internal',
        message: 'the node that holds the device failed',
      });
    } finally {
      this.#serving--;
    }
  }

  async #reply(request: BusRequest, answer: Answer): Promise<void> {
    const reply: BusReply = answer.ok
      ? 'values' in answer
        ? { t: 'res', id: request.id, ok: true, values: answer.values }
        : { t: 'res', id: request.id, ok: true, outcome: plain(answer.outcome) }
      : {
          t: 'res',
          id: request.id,
          ok: false,
          code: answer.code,
          message: answer.message.slice(0, 1000),
          ...(answer.exception === undefined ? {} : { exception: answer.exception }),
        };
    try {
      await this.#bus.send(request.from, encodeDirect(reply));
    } catch (err) {
      this.#warn('reply', { err }, 'reply not sent: the bus is unreachable');
    }
  }

  #warn(key: string, details: object, message: string): void {
    const held = this.#warnings.take(key);
    if (held !== null) this.#log.warn(held > 0 ? { ...details, held } : details, message);
  }
}

/** The far node's refusal as the device service's own. */
function failure(answer: Failure): Error {
  if (answer.code === 'internal') return new Error(answer.message);
  return new OperationError(
    answer.code === 'busy' ? 'offline' : answer.code,
    answer.message,
    answer.exception,
  );
}

/** An outcome as the reply's schema types it: the same data, its arrays read only. */
function plain(outcome: OperationOutcome): Extract<BusReply, { outcome: unknown }>['outcome'] {
  return outcome as unknown as Extract<BusReply, { outcome: unknown }>['outcome'];
}
