/**
 * Register reads over the live channel (`ModbusReg` fn 3, spec 001 § 7 Read), as the rules tab
 * reads its pages: each read waits for the reply of its own equipment and first register (a reply
 * of another device, or one at the type's AO start, is not it, § 3.1), fails on the server's
 * refusal that names it (`error` with SN, fn and regstart), and gives up after a time. Replies
 * come to the asker only, so a reply nobody waits for (a read given up) is dropped.
 */
import { fromHex } from '@fieldlink/protocol';
import type { ClientMessage, LiveErrorCode, ServerMessage } from '@fieldlink/protocol';

/** Long enough for the server's own retries on a slow link (its timeout grows to 15 s). */
export const READ_TIMEOUT_MS = 35_000;

/** Why a read failed: the server's refusal code, or the console's own reasons. */
export type ReadFailure = LiveErrorCode | 'timeout' | 'not_connected' | 'bad_reply';

export class RegisterReadError extends Error {
  constructor(
    readonly reason: ReadFailure,
    message: string,
    /** With `refused`: the device's Modbus exception code. */
    readonly exception?: number,
  ) {
    super(message);
    this.name = 'RegisterReadError';
  }
}

interface Waiting {
  readonly sn: string;
  readonly regstart: number;
  readonly regnum: number;
  readonly resolve: (bytes: Uint8Array) => void;
  readonly reject: (error: RegisterReadError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export interface RegisterReadsOptions {
  /** Sends on the live channel; false when it is not connected. */
  readonly send: (message: ClientMessage) => boolean;
  readonly timeoutMs?: number;
}

export class RegisterReads {
  readonly #waiting: Waiting[] = [];
  readonly #send: RegisterReadsOptions['send'];
  readonly #timeoutMs: number;

  constructor(options: RegisterReadsOptions) {
    this.#send = options.send;
    this.#timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  }

  /** Reads `regnum` holding registers from `regstart` of the device `unid`: their bytes, high byte first. */
  read(unid: string, regstart: number, regnum: number): Promise<Uint8Array> {
    const sn = unid.toUpperCase();
    return new Promise((resolve, reject) => {
      const sent = this.#send({ infotype: 'ModbusReg', info: { fn: 3, unid, regstart, regnum } });
      if (!sent) {
        reject(new RegisterReadError('not_connected', 'the live channel is not connected'));
        return;
      }
      const timer = setTimeout(() => {
        this.#remove(waiting);
        reject(new RegisterReadError('timeout', 'the device did not answer in time'));
      }, this.#timeoutMs);
      const waiting: Waiting = { sn, regstart, regnum, resolve, reject, timer };
      this.#waiting.push(waiting);
    });
  }

  /** Reads waiting for a reply. */
  get pending(): number {
    return this.#waiting.length;
  }

  /** Every message of the live channel passes here; only register replies and refusals are taken. */
  onMessage(message: ServerMessage): void {
    if (message.infotype === 'ModbusReg') {
      const info = message.info;
      if (info.fn !== 3) return;
      const waiting = this.#first((w) => w.sn === info.SN.toUpperCase() && w.regstart === info.regstart);
      if (!waiting) return;
      this.#remove(waiting);
      const bytes = fromHex(info.hexdata);
      if (bytes === null || bytes.length !== waiting.regnum * 2) {
        waiting.reject(new RegisterReadError('bad_reply', 'the reply does not hold the registers asked for'));
      } else {
        waiting.resolve(bytes);
      }
      return;
    }
    if (message.infotype === 'error' && message.info.infotype === 'ModbusReg') {
      const info = message.info;
      if (info.fn !== undefined && info.fn !== 3) return;
      // A server that names the request is matched by it; one that does not fails the oldest read.
      const waiting =
        info.SN !== undefined && info.regstart !== undefined
          ? this.#first((w) => w.sn === info.SN!.toUpperCase() && w.regstart === info.regstart)
          : this.#waiting[0];
      if (!waiting) return;
      this.#remove(waiting);
      waiting.reject(new RegisterReadError(info.code, info.message, info.exception));
    }
  }

  /** Fails every read under way (the channel dropped: their replies will not come). */
  failAll(reason: ReadFailure = 'not_connected'): void {
    for (const waiting of this.#waiting.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(new RegisterReadError(reason, 'the live channel was lost'));
    }
  }

  #first(match: (w: Waiting) => boolean): Waiting | undefined {
    return this.#waiting.find(match);
  }

  #remove(waiting: Waiting): void {
    clearTimeout(waiting.timer);
    const i = this.#waiting.indexOf(waiting);
    if (i >= 0) this.#waiting.splice(i, 1);
  }
}
