/**
 * The server as Modbus RTU master of a device reached through an MQTT broker: the shared master
 * side (ModbusMasterLink: one request in flight, queue, priorities, timeouts, retries, dead and
 * idle links) with each request frame published as one message on the device's
 * `…/down/<node>` topic and each message on `…/up/<node>` taken as one whole reply frame. A reply
 * is decoded with its CRC checked and answers the request in flight when its slave address is the
 * request's and `matchResponse` accepts it; anything else is dropped and counted. The MqttGateway
 * routes messages to the link and closes it when the device's status goes offline.
 */
import { EventEmitter } from 'node:events';
import { decodeRtuResponse, matchResponse } from '@fieldlink/protocol';
import type { ModbusRequest } from '@fieldlink/protocol';
import { ModbusMasterLink } from '../link/master-link.js';
import { rtuRequestFrame } from '../link/rtu-frames.js';
import type { LinkTransport, MasterLinkOptions, Pending } from '../link/master-link.js';

export type MqttLinkOptions = MasterLinkOptions;

/**
 * One device's pair of topics as a link transport: `write` publishes a request (through the
 * function the gateway gives), `deliver` hands the link a message that arrived for it.
 */
export class MqttTransport
  extends EventEmitter<{ data: [Uint8Array]; error: [Error]; close: [] }>
  implements LinkTransport
{
  private gone = false;

  constructor(private readonly publish: (frame: Uint8Array) => void) {
    super();
  }

  get destroyed(): boolean {
    return this.gone;
  }

  write(frame: Uint8Array): void {
    if (!this.gone) this.publish(frame);
  }

  /** A message from the device's `up` topic for this node. */
  deliver(message: Uint8Array): void {
    if (!this.gone) this.emit('data', message);
  }

  destroy(): void {
    this.gone = true;
  }
}

export class MqttLink extends ModbusMasterLink<Uint8Array> {
  /**
   * `serial` is the device's serial as its topics spell it, for logs. The transport's messages
   * are whole frames. `owned` says whether this node polls the device (every node links it).
   */
  constructor(
    transport: MqttTransport,
    readonly serial: string,
    options: MqttLinkOptions = {},
    private readonly owned: () => boolean = () => true,
  ) {
    super(transport, options);
    this.attach();
  }

  /** Whether this node is the device's owner: the one that polls it and records its link events. */
  get polledHere(): boolean {
    return this.owned();
  }

  override get remoteAddress(): string {
    return `mqtt:${this.serial}`;
  }

  protected encode(slave: number, request: ModbusRequest): Uint8Array {
    return rtuRequestFrame(slave, request);
  }

  protected transmit(pending: Pending<Uint8Array>): void {
    this.transport.write(pending.frame);
  }

  protected receive(message: Uint8Array): void {
    const decoded = decodeRtuResponse(message);
    if (!decoded.ok) {
      // Garbage, a wrong CRC, or a frame no reply has the form of.
      this.stats.skippedBytes += message.length;
      return;
    }
    const pending = this.inFlight;
    const matched =
      pending && decoded.slave === pending.slave ? matchResponse(pending.request, decoded.pdu) : null;
    if (pending && matched?.ok) this.answered(pending, matched.value);
    else this.stats.unmatched++;
  }
}
