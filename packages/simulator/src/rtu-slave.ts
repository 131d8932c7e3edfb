/**
 * A Modbus RTU slave over a byte stream: feed it what arrives on the link, send back what it
 * returns. It answers its own address from its memory and, on a host, the units of the devices
 * behind it; frames for any other unit are ignored, as on a real bus where nobody answers. A
 * well-framed request that breaks the Modbus rules gets the exception reply the parser names.
 */
import { encodeRtuResponse, RtuStreamParser } from '@fieldlink/protocol';
import type { ModbusHandler } from './memory.js';

/** Who answers at a unit id other than the slave's own: a handler, or null when nobody does. */
export type UnitRouter = (unit: number) => ModbusHandler | null;

export interface RtuSlaveOptions {
  /** The slave address answered (default 254); 0 is broadcast: acted on, never answered. */
  readonly address?: number;
  /** Heartbeat bytes that may appear between frames (e.g. 'ping'). */
  readonly heartbeat?: Uint8Array;
  /** The other units answered on this link (a host's sub-devices); by default none. */
  readonly units?: UnitRouter;
}

export class RtuSlave {
  readonly address: number;
  private readonly parser: RtuStreamParser<'request'>;
  private readonly units: UnitRouter | undefined;

  constructor(
    private readonly memory: ModbusHandler,
    options: RtuSlaveOptions = {},
  ) {
    this.address = options.address ?? 254;
    this.units = options.units;
    this.parser = new RtuStreamParser({
      direction: 'request',
      ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
    });
  }

  /** Forget a partly received frame, e.g. when the link drops and a new one starts. */
  reset(): void {
    this.parser.reset();
  }

  /** Bytes received → the reply frames to send, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const replies: Uint8Array[] = [];
    for (const frame of this.parser.push(chunk)) {
      const own = frame.slave === this.address || frame.slave === 0;
      const handler = own ? this.memory : (this.units?.(frame.slave) ?? null);
      if (!handler) continue;
      const reply = frame.ok
        ? handler.handle(frame.pdu)
        : frame.exception !== undefined
          ? { fn: frame.fn & 0x7f, exception: frame.exception }
          : null;
      if (!reply || frame.slave === 0) continue;
      try {
        replies.push(encodeRtuResponse(frame.slave, reply));
      } catch {
        // No reply can be framed for it (e.g. function code 0): a real device stays silent too.
      }
    }
    return replies;
  }
}
