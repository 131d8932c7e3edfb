// @vitest-environment jsdom
// The weekly cycle editor (docs/protocol.md § Weekly cycle): round trips, weekdays Sunday first,
// hours, the minute and second wildcard (60), bounds, read-only and languages.
import type { WeeklyCycle } from '@fieldlink/protocol';
import { cleanup, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import {
  boxIn,
  click,
  decodeAs,
  enabledControls,
  hex,
  hexOf,
  numberIn,
  part,
  typeNumber,
} from './test-driving';
import WeeklyCycleEditor from './WeeklyCycleEditor';

afterEach(cleanup);

// The hand vectors of packages/protocol/src/rules/weekly-cycle.test.ts.
const VECTORS = {
  'Mon Wed Fri at 08:30:00': [0x2a, 0x00, 0x01, 0x00, 0x1e, 0x00],
  'every day, every hour, minute and second wildcards (60)': [0x7f, 0xff, 0xff, 0xff, 0x3c, 0x3c],
  'upper bounds: Saturday (bit 6), hour 23, 23:59:59': [0x40, 0x80, 0x00, 0x00, 0x3b, 0x3b],
  'lower bounds: Sunday (bit 0), hour 0, 00:00:00': [0x01, 0x00, 0x00, 0x01, 0x00, 0x00],
  'minute and second 61, one past the wildcard, decode as they are': [0x02, 0x00, 0x00, 0x01, 0x3d, 0x3d],
  'minute and second 255': [0x02, 0x00, 0x00, 0x01, 0xff, 0xff],
  'nothing selected': [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'Mon-Fri at 07, 12 and 18 o’clock': [0x3e, 0x04, 0x10, 0x80, 0x00, 0x00],
  'Sun Sat, hours 0-5 8 12-23, every minute at second 15': [0x41, 0xff, 0xf1, 0x3f, 0x3c, 0x0f],
} as const satisfies Record<string, readonly number[]>;

const decode = (bytes: readonly number[]): WeeklyCycle => decodeAs('weeklyCycle', bytes);
const bytesOf = (rule: WeeklyCycle): string => hexOf('weeklyCycle', rule);
const MWF = VECTORS['Mon Wed Fri at 08:30:00'];

describe('WeeklyCycleEditor round trip', () => {
  for (const [name, bytes] of Object.entries(VECTORS)) {
    it(`keeps the bytes of "${name}"`, () => {
      const drawn = renderEditor(WeeklyCycleEditor, decode(bytes));
      expect(drawn.changes()).toBe(0);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
    });
  }

  it('keeps the bytes when a weekday, an hour and the wildcards are changed and changed back', () => {
    const drawn = renderEditor(WeeklyCycleEditor, decode(MWF));
    click(boxIn(part('rule-weekdays'), 'Sun'));
    expect(drawn.value().weekdays).toEqual([0, 1, 3, 5]);
    click(boxIn(part('rule-weekdays'), 'Sun'));
    click(boxIn(part('rule-hours'), '23'));
    expect(drawn.value().hours).toEqual([8, 23]);
    click(boxIn(part('rule-hours'), '23'));
    click(boxIn(part('rule-minute'), 'Every minute'));
    expect(drawn.value().minute).toBe(60);
    click(boxIn(part('rule-minute'), 'Every minute'));
    expect(drawn.value().minute).toBe(30);
    click(boxIn(part('rule-second'), 'Every second'));
    expect(drawn.value().second).toBe(60);
    click(boxIn(part('rule-second'), 'Every second'));
    expect(bytesOf(drawn.value())).toBe(hex(MWF));
  });
});

describe('WeeklyCycleEditor fields', () => {
  it('lists the weekdays Sunday first and the 24 hours', () => {
    renderEditor(WeeklyCycleEditor, decode(MWF));
    const days = within(part('rule-weekdays')).getAllByRole('checkbox', { hidden: true });
    expect(days).toHaveLength(7);
    expect(part('rule-weekdays').textContent).toMatch(/^Weekdays.*Sun.*Mon.*Tue.*Wed.*Thu.*Fri.*Sat/);
    expect(days.map((d) => (d as HTMLInputElement).checked)).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    const hours = within(part('rule-hours')).getAllByRole('checkbox', { hidden: true });
    expect(hours).toHaveLength(24);
    expect(hours.filter((h) => (h as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('selects all and none, and says a rule with nothing selected never fires', () => {
    const drawn = renderEditor(WeeklyCycleEditor, decode(MWF));
    click(within(part('rule-hours')).getByText('All'));
    expect(drawn.value().hours).toEqual(Array.from({ length: 24 }, (_, h) => h));
    click(within(part('rule-hours')).getByText('None'));
    expect(drawn.value().hours).toEqual([]);
    expect(part('rule-hours').textContent).toContain('No hour selected: this rule never fires');
    click(within(part('rule-weekdays')).getByText('None'));
    expect(drawn.value().weekdays).toEqual([]);
    expect(part('rule-weekdays').textContent).toContain('No weekday selected');
    click(within(part('rule-weekdays')).getByText('All'));
    expect(drawn.value().weekdays).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('takes minute and second 0 and 59 and refuses 60 typed (the wildcard is the switch)', () => {
    const drawn = renderEditor(WeeklyCycleEditor, decode(MWF));
    for (const field of ['rule-minute', 'rule-second'] as const) {
      const key = field === 'rule-minute' ? 'minute' : 'second';
      typeNumber(numberIn(part(field)), 59);
      expect(drawn.value()[key]).toBe(59);
      typeNumber(numberIn(part(field)), 60);
      expect(drawn.value()[key]).toBe(59);
      expect(part(field).textContent).toContain('Out of range: 0 to 59');
      expect(drawn.problems()).toEqual(['Out of range: 0 to 59']);
      typeNumber(numberIn(part(field)), 0);
      expect(drawn.value()[key]).toBe(0);
      typeNumber(numberIn(part(field)), -1);
      expect(drawn.value()[key]).toBe(0);
      typeNumber(numberIn(part(field)), 0);
      expect(drawn.problems()).toEqual([]);
    }
  });

  it('shows the wildcard as every minute or second, and a stored 61 as out of range', () => {
    const wild = renderEditor(
      WeeklyCycleEditor,
      decode(VECTORS['every day, every hour, minute and second wildcards (60)']),
    );
    expect(boxIn(part('rule-minute'), 'Every minute').checked).toBe(true);
    expect(boxIn(part('rule-second'), 'Every second').checked).toBe(true);
    expect(wild.problems()).toEqual([]);
    // Turning a wildcard off without a number before starts from 0.
    click(boxIn(part('rule-minute'), 'Every minute'));
    expect(wild.value().minute).toBe(0);
    wild.unmount();
    const past = renderEditor(
      WeeklyCycleEditor,
      decode(VECTORS['minute and second 61, one past the wildcard, decode as they are']),
    );
    expect(numberIn(part('rule-minute')).value).toBe('61');
    expect(past.problems()).toEqual(['Out of range: 0 to 59', 'Out of range: 0 to 59']);
    expect(past.changes()).toBe(0);
  });

  it('disables every input when read-only', () => {
    const drawn = renderEditor(WeeklyCycleEditor, decode(MWF), sampleContext(undefined, { readOnly: true }));
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh and tc', () => {
    const zh = renderEditor(WeeklyCycleEditor, decode(MWF), sampleContext(undefined, { lang: 'zh' }));
    expect(part('rule-weekdays').textContent).toContain('星期');
    expect(part('rule-weekdays').textContent).toContain('周日');
    expect(part('rule-minute').textContent).toContain('每分钟');
    expect(part('rule-weekly-text').textContent).toBe('每周一、周三、周五 08:30:00');
    zh.unmount();
    renderEditor(WeeklyCycleEditor, decode(MWF), sampleContext(undefined, { lang: 'tc' }));
    expect(part('rule-weekdays').textContent).toContain('週日');
    expect(part('rule-second').textContent).toContain('每秒');
    expect(part('rule-hours').textContent).toContain('小時');
  });
});
