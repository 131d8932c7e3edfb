/**
 * Carrying out operations on the devices whose links are up here (docs/protocol.md § Device
 * operations): an equipment is reached on its own link or its host's; the first requests of the
 * plan answer the caller, and what follows a pause or a cycle, and the cyclic reads a console asks
 * for, go on in the background. Every operation is recorded before it is acknowledged. What an
 * operation reads or changes is pushed at once: a read's blocks as they came, a write's by reading
 * the device again.
 */
import { equipmentType, isException, planOperation } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, Operation, OperationPlan, PlanStep } from '@fieldlink/protocol';
import type { Equipment } from '../../storage/schema.js';
import type { DeviceLink } from '../link/device-link.js';
import type { DeviceParts } from './device-parts.js';
import { isEmptyState, putBlock, readBlocks, stateBlockOf, subDeviceTarget } from './device-target.js';
import type { StateDraft, Target } from './device-target.js';
import type { OnlineHost, OnlineHosts } from './online-hosts.js';
import { notAnswered, OperationError, refusal } from './operation-errors.js';
import type { OperationOutcome } from './operation-errors.js';
import type { Poller } from './poller.js';
import type { StatePublisher } from './state-publisher.js';

export interface OperationRunnerOptions extends Pick<
  DeviceParts,
  'registry' | 'work' | 'recorder' | 'now' | 'log'
> {
  readonly hosts: OnlineHosts;
  readonly poller: Poller;
  readonly publisher: StatePublisher;
}

/** The link and place an equipment is reached at. */
interface Route {
  readonly link: DeviceLink;
  readonly target: Target;
  readonly host: OnlineHost;
  readonly equipment: Equipment;
}

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export class OperationRunner {
  readonly #o: OperationRunnerOptions;
  /** The cyclic reads running, by equipment id: reads left and the time between them. */
  readonly #watched = new Map<number, { left: number; intervalMs: number }>();

  constructor(options: OperationRunnerOptions) {
    this.#o = options;
  }

  /** See DeviceService.operate. */
  async operate(equipment: Equipment, op: Operation, userId: number | null): Promise<OperationOutcome> {
    const route = await this.#route(equipment);
    const type = route.target.type;
    const plan: OperationPlan =
      route.target.dl645Register !== undefined && op.opr !== 'read' && op.opr !== 'readall'
        ? { kind: 'unsupported', reason: 'a DL645 meter is only read, through its gateway' }
        : planOperation(op, { counts: type.counts, aoRegister: type.aoRegister, starts: type.starts });
    const at = this.#o.now();
    // The reply waits for the operation's event (written at once, not with the next batch): an
    // operation acknowledged is one on record. A refusal is answered even when its record failed.
    const record = async (result: string): Promise<boolean> => {
      try {
        await this.#o.recorder?.recordOperation({
          equipmentId: equipment.id,
          userId,
          operation: describe(op),
          result,
          at,
        });
        return true;
      } catch (e) {
        this.#o.log.warn({ err: e, equipmentId: equipment.id }, 'operation record failed');
        return false;
      }
    };
    const acknowledge = async (result: string): Promise<void> => {
      if (await record(result)) return;
      throw new OperationError(
        'unrecorded',
        'the operation was carried out, but its record could not be stored',
      );
    };
    if (plan.kind === 'unsupported') {
      await record('unsupported');
      throw new OperationError('unsupported', plan.reason);
    }
    if (plan.kind === 'cyclic') {
      const watching = this.#watched.get(equipment.id);
      if (watching) {
        // One cyclic read per equipment: another console watching it extends the one running.
        watching.left = Math.max(watching.left, plan.count);
        watching.intervalMs = Math.min(watching.intervalMs, plan.intervalMs);
      } else {
        const watch = { left: plan.count, intervalMs: plan.intervalMs };
        this.#watched.set(equipment.id, watch);
        this.#o.work.track(this.#cyclic(route, watch).finally(() => this.#watched.delete(equipment.id)));
      }
      await acknowledge('started');
      return { status: 'started', response: null, responses: [] };
    }
    const first: PlanStep[] = [];
    let rest: PlanStep[] = [];
    for (const [i, step] of plan.steps.entries()) {
      if (step.kind !== 'request') {
        rest = plan.steps.slice(i);
        break;
      }
      first.push(step);
    }
    const responses: ModbusResponse[] = [];
    try {
      for (const step of first) {
        const response = await this.#step(route, step);
        if (response) responses.push(response);
      }
    } catch (e) {
      await record(e instanceof OperationError ? e.code : 'failed');
      throw e instanceof OperationError ? e : notAnswered(e);
    }
    const writes = plan.steps.some((s) => s.kind !== 'request' || !isRead(s.request));
    if (rest.length > 0) this.#o.work.track(this.#background(route, rest));
    else if (writes) this.#o.work.track(this.#refresh(route));
    else this.#o.work.track(this.#publishRead(route, first, responses));
    await acknowledge(rest.length > 0 ? 'started' : 'ok');
    return {
      status: rest.length > 0 ? 'started' : 'done',
      response: responses[responses.length - 1] ?? null,
      responses,
    };
  }

  /** See DeviceService.readRegisters. */
  async readRegisters(equipment: Equipment, start: number, count: number): Promise<number[]> {
    const route = await this.#route(equipment);
    if (route.target.dl645Register !== undefined) {
      throw new OperationError('unsupported', 'a DL645 meter has no registers of its own');
    }
    const response = await this.#step(route, {
      kind: 'request',
      request: { fn: 3, address: start, count },
    }).catch((e: unknown) => {
      throw e instanceof OperationError ? e : notAnswered(e);
    });
    if (response && isException(response)) throw refusal(response.exception);
    if (!response || response.fn !== 3) throw new OperationError('device', 'the device gave no registers');
    return [...response.values];
  }

  /** How an equipment is reached: its own link, or its host's (docs/protocol.md § Sub-device addressing). */
  async #route(equipment: Equipment): Promise<Route> {
    const type = equipmentType(equipment.type);
    if (!type) throw new OperationError('unsupported', 'unknown device');
    const hostId = equipment.parent_id ?? equipment.id;
    const host = this.#o.hosts.get(hostId);
    const link = host ? this.#o.registry.get(host.sn) : undefined;
    if (host && !link && this.#o.registry.inGrace(host.sn)) {
      throw new OperationError('offline', 'the device is reconnecting: try again in a moment');
    }
    if (!host || !link) throw new OperationError('offline', 'the equipment is offline');
    if (equipment.parent_id === null) {
      return { link, target: { type, unit: host.unit }, host, equipment };
    }
    const target = subDeviceTarget(host.type, host.unit, equipment, type);
    if ('unreachable' in target) throw new OperationError('unsupported', target.unreachable);
    return { link, target, host, equipment };
  }

  async #step(route: Route, step: PlanStep): Promise<ModbusResponse | null> {
    if (step.kind === 'wait') {
      await delay(step.ms);
      return null;
    }
    if (step.kind === 'cycle') {
      for (let i = 0; i < step.count && !this.#o.work.stopped; i++) {
        await this.#step(route, { kind: 'request', request: { fn: 5, address: step.address, value: true } });
        await delay(step.onMs);
        await this.#step(route, { kind: 'request', request: { fn: 5, address: step.address, value: false } });
        await delay(step.offMs);
      }
      return null;
    }
    const hostUnit = route.host.unit;
    const unit = route.target.unit;
    const response = await this.#o.poller.send(route.link, unit, step.request, 'user', unit === hostUnit);
    if (isException(response)) {
      throw refusal(response.exception);
    }
    return response;
  }

  async #background(route: Route, steps: readonly PlanStep[]): Promise<void> {
    for (const step of steps) {
      if (this.#o.work.stopped) return;
      await this.#step(route, step);
      if (step.kind === 'request') await this.#refresh(route);
    }
    await this.#refresh(route);
  }

  /**
   * The cyclic read a console asks for while it watches a device (spec 000 § 4: 10 reads, 3 s
   * apart); `watch` may be extended by other consoles while it runs.
   */
  async #cyclic(route: Route, watch: { left: number; intervalMs: number }): Promise<void> {
    while (watch.left > 0 && !this.#o.work.stopped) {
      watch.left--;
      await this.#refresh(route);
      if (watch.left > 0) await delay(watch.intervalMs);
    }
  }

  /**
   * What a read operation (rdo, rdi, rai, rao, readall) read, pushed and recorded like a poll's:
   * whole blocks as they came; a part of a block (a range from another channel) by reading the
   * state again, since a push carries whole blocks. Reads of other registers push nothing.
   */
  async #publishRead(
    route: Route,
    steps: readonly PlanStep[],
    responses: readonly ModbusResponse[],
  ): Promise<void> {
    if (route.target.dl645Register !== undefined || this.#o.work.stopped) return;
    const { type } = route.target;
    const state: StateDraft = {};
    let partial = false;
    for (const [i, step] of steps.entries()) {
      const response = responses[i];
      if (step.kind !== 'request' || !response || isException(response)) continue;
      const block = stateBlockOf(step.request, type);
      if (block === null) continue;
      if (block.whole) putBlock(state, response);
      else partial = true;
    }
    if (partial) await this.#refresh(route);
    else if (!isEmptyState(state)) {
      const settings =
        route.equipment.parent_id === null
          ? route.host.stored.settings
          : this.#o.hosts.childSettings(route.host, route.equipment, type);
      await this.#o.publisher.state(route.equipment, settings, state, true);
    }
  }

  /** Reads the operated equipment again at once, so its new state is pushed without waiting for the poll. */
  async #refresh(route: Route): Promise<void> {
    if (route.equipment.parent_id === null) {
      await this.#o.poller.poll(route.equipment.id, 'user');
      return;
    }
    const { state } = await readBlocks(
      this.#o.poller.sender(route.link, route.host.unit),
      route.target,
      'user',
    );
    if (state && !isEmptyState(state)) {
      const settings = this.#o.hosts.childSettings(route.host, route.equipment, route.target.type);
      await this.#o.publisher.state(route.equipment, settings, state, true);
    }
  }
}

function isRead(request: ModbusRequest): boolean {
  return request.fn === 1 || request.fn === 2 || request.fn === 3 || request.fn === 4;
}

/** 'openone DO3', 'wao', … for the operation event. */
function describe(op: Operation): string {
  return 'io' in op ? `${op.opr} DO${op.io}` : op.opr;
}
