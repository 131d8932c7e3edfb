/** The heartbeat filter against a plain split-and-join, for any cutting of the stream. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeartbeatFilter } from './heartbeat-filter.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (data: Uint8Array): string => new TextDecoder().decode(data);

function run(pattern: string, chunks: string[]): { out: string; count: number; held: number } {
  const filter = new HeartbeatFilter(bytes(pattern));
  let out = '';
  for (const chunk of chunks) out += text(filter.push(bytes(chunk)));
  return { out, count: filter.count, held: filter.held };
}

describe('HeartbeatFilter', () => {
  it('removes heartbeats inside a chunk and across chunk cuts', () => {
    expect(run('ping', ['abpingcd'])).toEqual({ out: 'abcd', count: 1, held: 0 });
    expect(run('ping', ['ab', 'p', 'in', 'gcd'])).toEqual({ out: 'abcd', count: 1, held: 0 });
    expect(run('ping', ['pi', 'pingng'])).toEqual({ out: 'ping', count: 1, held: 0 });
    expect(run('ping', ['abpi'])).toEqual({ out: 'ab', count: 0, held: 2 });
    expect(run('aab', ['aaab'])).toEqual({ out: 'a', count: 1, held: 0 });
    expect(run('', ['ping'])).toEqual({ out: 'ping', count: 0, held: 0 });
  });

  it('matches split-and-join for random streams and cuts', () => {
    const alphabet = fc.constantFrom('p', 'i', 'n', 'g', 'a');
    fc.assert(
      fc.property(
        fc.constantFrom('ping', 'pip', 'aa', 'papa'),
        fc.array(
          fc.array(alphabet, { maxLength: 12 }).map((c) => c.join('')),
          { maxLength: 12 },
        ),
        (pattern, chunks) => {
          const whole = chunks.join('');
          const { out, count, held } = run(pattern, chunks);
          const parts = whole.split(pattern);
          expect(count).toBe(parts.length - 1);
          expect(out + pattern.slice(0, held)).toBe(parts.join(''));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
