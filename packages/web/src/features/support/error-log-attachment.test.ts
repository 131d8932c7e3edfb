import { FEEDBACK_LIMITS, FeedbackCreate } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, errorLogAttachment, errorLogText } from './error-log-attachment';

/** Whether a string holds no half of a character (String#isWellFormed, beyond ES2023's types). */
const wellFormed = (text: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('the error log as feedback carries it', () => {
  it('cuts text at the bound with an ellipsis, never leaving half a character or a NUL', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('a\u0000b', 3)).toBe('ab');
    // '😀' is two UTF-16 units: it is kept whole or dropped whole.
    expect(clip('a😀bc', 3)).toBe('a…');
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.integer({ min: 2, max: 40 }),
        (text, max) => {
          const cut = clip(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(cut).not.toContain('\u0000');
          if (wellFormed(text)) expect(wellFormed(cut)).toBe(true);
        },
      ),
    );
  });

  it('takes the newest 100 entries, each within the contract', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            route: fc.string({ unit: 'binary', maxLength: 400 }),
            message: fc.string({ maxLength: 900 }),
            stack: fc.string({ maxLength: 3000 }),
            at: fc.oneof(fc.integer(), fc.constant(Number.NaN), fc.constant(9e15)),
          }),
          { maxLength: 130 },
        ),
        (entries) => {
          const log = errorLogAttachment(entries);
          expect(log).toHaveLength(Math.min(entries.length, FEEDBACK_LIMITS.errorEntries));
          expect(FeedbackCreate.safeParse({ category: 'problem', text: 'x', errorLog: log }).success).toBe(
            true,
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it('reads as text: time and route, message, stack', () => {
    expect(
      errorLogText([
        { route: '/map', message: 'boom', stack: 'at A\nat B', at: '2026-01-05T08:00:00.000Z' },
        { route: '/', message: 'quiet', stack: '', at: '2026-01-05T08:01:00.000Z' },
      ]),
    ).toBe('2026-01-05T08:00:00.000Z  /map\nboom\nat A\nat B\n\n2026-01-05T08:01:00.000Z  /\nquiet');
  });
});
