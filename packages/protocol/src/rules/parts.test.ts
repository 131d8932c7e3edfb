/** A rule's description in two parts (a page row's trigger and operation columns). docs/protocol.md § Rule models. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n.js';
import { decodeRule, describeRule, describeRuleParts, RULE_KINDS } from './index.js';
import type { RuleKind } from './index.js';

const bytesOf = (kind: RuleKind) =>
  fc.uint8Array({ minLength: RULE_KINDS[kind], maxLength: RULE_KINDS[kind] });
const SEPARATOR = { en: ': ', zh: '：', tc: '：' } as const;

describe('describeRuleParts', () => {
  it('splits a trigger sentence at its output: the two parts joined are the description', () => {
    for (const kind of ['trigger', 'analogTrigger'] as const) {
      fc.assert(
        fc.property(bytesOf(kind), (bytes) => {
          const rule = decodeRule(kind, bytes)!;
          for (const lang of LANGS) {
            const { trigger, operation } = describeRuleParts(kind, rule, lang);
            const whole = describeRule(kind, rule, lang);
            expect(operation === '' ? trigger : `${trigger}${SEPARATOR[lang]}${operation}`).toBe(whole);
          }
        }),
        { numRuns: 300 },
      );
    }
  });

  it('gives a schedule its time as the trigger and its output (or window) as the operation', () => {
    fc.assert(
      fc.property(bytesOf('schedule'), (bytes) => {
        const rule = decodeRule('schedule', bytes)!;
        for (const lang of LANGS) {
          const { trigger, operation } = describeRuleParts('schedule', rule, lang);
          const whole = describeRule('schedule', rule, lang);
          expect(trigger.length).toBeGreaterThan(0);
          if (rule.mode >= 1 && rule.mode <= 4) expect(operation.length).toBeGreaterThan(0);
          else expect(operation).toBe('');
          expect(whole).toContain(operation);
          if (operation === '') expect(whole).toBe(trigger);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a fixed-point timer as its time, then what it does', () => {
    const rule = decodeRule(
      'schedule',
      Uint8Array.from([0, 0, 0x22, 26, 11, 27, 8, 30, 0, 0, 0x81, 0, 0, 0]),
    )!;
    expect(rule.mode).toBe(1);
    const { trigger, operation } = describeRuleParts('schedule', rule, 'en');
    expect(trigger).toMatch(/2026/);
    expect(operation.length).toBeGreaterThan(0);
  });

  it('keeps models without an output part whole, and says err for what it cannot read', () => {
    const scene = decodeRule('scene', new Uint8Array(12))!;
    expect(describeRuleParts('scene', scene, 'en')).toEqual({
      trigger: describeRule('scene', scene, 'en'),
      operation: '',
    });
    expect(describeRuleParts('trigger', null as never, 'en')).toEqual({ trigger: 'err', operation: '' });
    const unknown = decodeRule('trigger', Uint8Array.from([0, 4 << 5, 0, ...new Array<number>(11).fill(0)]))!;
    expect(describeRuleParts('trigger', unknown, 'zh')).toEqual({ trigger: 'err', operation: '' });
  });
});
