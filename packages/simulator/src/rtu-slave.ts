/**
 * A Modbus RTU slave over a byte stream: feed it what arrives on the link, send back what it
 * returns. Frames for other slaves are ignored; a well-framed request that breaks the Modbus
 * rules gets the exception reply the parser names.
 */
import { encodeRtuResponse, RtuStreamParser } from '@fieldlink/protocol';
import type { EquipmentMemory } from './memory.js';

export interface RtuSlaveOptions {
  /** The slave address answered (default 254); 0 is broadcast: acted on, never answered. */
  readonly address?: number;
  /** Heartbeat bytes that may appear between frames (e.g. 'ping'). */
  readonly heartbeat?: Uint8Array;
}

export class RtuSlave {
  readonly address: number;
  private readonly parser: RtuStreamParser<'request'>;

  constructor(
    private readonly memory: EquipmentMemory,
    options: RtuSlaveOptions = {},
  ) {
    this.address = options.address ?? 254;
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
      if (frame.slave !== this.address && frame.slave !== 0) continue;
      const reply = frame.ok
        ? this.memory.handle(frame.pdu)
        : frame.exception !== undefined
          ? { fn: frame.fn & 0x7f, exception: frame.exception }
          : null;
      if (!reply || frame.slave === 0) continue;
      try {
        replies.push(encodeRtuResponse(this.address, reply));
      } catch {
        // No reply can be framed for it (e.g. function code 0): a real device stays silent too.
      }
    }
    return replies;
  }
}
