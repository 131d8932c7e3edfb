/**
 * Removes every heartbeat (e.g. `ping`) from a byte stream that arrives in chunks cut anywhere.
 * A DTU sends its heartbeat on its own schedule, so one can land between two TCP segments of a
 * reply; the frame parser skips heartbeats only between frames, this filter wherever they are.
 * Bytes that could be the start of a heartbeat at the end of a chunk are held until the next one.
 */
export class HeartbeatFilter {
  /** Heartbeats removed so far. */
  count = 0;
  private readonly pattern: Uint8Array;
  /** Knuth-Morris-Pratt failure table: longest proper prefix of pattern[0..i] that is also its suffix. */
  private readonly fallback: Uint32Array;
  /** How many bytes of the pattern the stream currently ends with (held back, not yet emitted). */
  private matched = 0;

  constructor(pattern: Uint8Array) {
    this.pattern = pattern.slice();
    this.fallback = new Uint32Array(pattern.length);
    for (let i = 1, k = 0; i < pattern.length; i++) {
      while (k > 0 && pattern[i] !== pattern[k]) k = this.fallback[k - 1] ?? 0;
      if (pattern[i] === pattern[k]) k++;
      this.fallback[i] = k;
    }
  }

  /** Bytes held back as a possible heartbeat start. */
  get held(): number {
    return this.matched;
  }

  /** The chunk with every whole heartbeat removed, preceded by held bytes that turned out not to be one. */
  push(chunk: Uint8Array): Uint8Array {
    const pattern = this.pattern;
    if (pattern.length === 0) return chunk;
    const out = new Uint8Array(chunk.length + this.matched);
    let n = 0;
    for (const byte of chunk) {
      while (this.matched > 0 && pattern[this.matched] !== byte) {
        // The held bytes do not go on as a heartbeat: emit those that cannot start one.
        const keep = this.fallback[this.matched - 1] ?? 0;
        out.set(pattern.subarray(0, this.matched - keep), n);
        n += this.matched - keep;
        this.matched = keep;
      }
      if (pattern[this.matched] === byte) {
        this.matched++;
        if (this.matched === pattern.length) {
          this.count++;
          this.matched = 0;
        }
      } else {
        out[n++] = byte;
      }
    }
    return out.subarray(0, n);
  }

  /** Forget a held heartbeat start. */
  reset(): void {
    this.matched = 0;
  }
}
