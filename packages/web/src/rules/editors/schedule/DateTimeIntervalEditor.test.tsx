// @vitest-environment jsdom
// The date-time interval editor (docs/protocol.md § Date-time interval): round trips, the begin
// and end with their own 'any' fields (ignore flags), the wrap-around note, read-only, languages.
import type { DateTimeInterval } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import DateTimeIntervalEditor from './DateTimeIntervalEditor';
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

afterEach(cleanup);

// The hand vectors of packages/protocol/src/rules/date-time-interval.test.ts.
const VECTORS = {
  'the whole of 2026': [0x1a, 0x01, 0x01, 0x00, 0x00, 0x00, 0x1a, 0x0c, 0x1f, 0x17, 0x3b, 0x3b],
  'every day from 08:00:00 to 17:30:00': [
    0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11, 0x1e, 0x00,
  ],
  'overnight: 22:00:00 to 06:00:00': [0x00, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00],
  'both ends fully ignored': [0x00, 0x00, 0x00, 0x18, 0x3c, 0x3c, 0x00, 0x00, 0x00, 0x18, 0x3c, 0x3c],
  'bounds: year bytes 1 and 255': [0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0xff, 0x0c, 0x1f, 0x17, 0x3b, 0x3b],
  'one past the bounds in the end': [0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0d, 0x20, 0x19, 0x3d, 0x3d],
} as const satisfies Record<string, readonly number[]>;

const decode = (bytes: readonly number[]): DateTimeInterval => decodeAs('dateTimeInterval', bytes);
const bytesOf = (interval: DateTimeInterval): string => hexOf('dateTimeInterval', interval);
const DAYTIME = VECTORS['every day from 08:00:00 to 17:30:00'];

describe('DateTimeIntervalEditor round trip', () => {
  for (const [name, bytes] of Object.entries(VECTORS)) {
    it(`keeps the bytes of "${name}"`, () => {
      const drawn = renderEditor(DateTimeIntervalEditor, decode(bytes));
      expect(drawn.changes()).toBe(0);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
    });
  }

  it('keeps the bytes when an ignore flag of each end is switched and switched back', () => {
    const drawn = renderEditor(DateTimeIntervalEditor, decode(DAYTIME));
    click(boxIn(part('rule-second', part('rule-begin')), 'Any'));
    expect(drawn.value().begin.second).toBeNull();
    expect(drawn.value().end.second).toBe(0);
    click(boxIn(part('rule-second', part('rule-begin')), 'Any'));
    click(boxIn(part('rule-year', part('rule-end')), 'Any'));
    expect(drawn.value().end.year).toBeGreaterThanOrEqual(2001);
    click(boxIn(part('rule-year', part('rule-end')), 'Any'));
    expect(bytesOf(drawn.value())).toBe(hex(DAYTIME));
  });
});

describe('DateTimeIntervalEditor fields', () => {
  it('edits the begin and the end on their own', () => {
    const drawn = renderEditor(DateTimeIntervalEditor, decode(DAYTIME));
    typeNumber(numberIn(part('rule-hour', part('rule-end'))), 18);
    typeNumber(numberIn(part('rule-minute', part('rule-begin'))), 15);
    expect(drawn.value()).toEqual({
      begin: { year: null, month: null, day: null, hour: 8, minute: 15, second: 0 },
      end: { year: null, month: null, day: null, hour: 18, minute: 30, second: 0 },
    });
    expect(part('rule-interval-text').textContent).toBe('from *-*-* 08:15:00 to *-*-* 18:30:00');
  });

  it('says when the window wraps around, and reports the stored values past their bounds', () => {
    const night = renderEditor(DateTimeIntervalEditor, decode(VECTORS['overnight: 22:00:00 to 06:00:00']));
    expect(part('rule-wraps').textContent).toContain('The end comes before the begin');
    night.unmount();
    const past = renderEditor(DateTimeIntervalEditor, decode(VECTORS['one past the bounds in the end']));
    expect(screen.queryByTestId('rule-wraps')).toBeNull();
    expect(past.problems()).toHaveLength(5);
    expect(past.changes()).toBe(0);
  });

  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      DateTimeIntervalEditor,
      decode(VECTORS['the whole of 2026']),
      sampleContext(undefined, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh and tc', () => {
    const zh = renderEditor(
      DateTimeIntervalEditor,
      decode(DAYTIME),
      sampleContext(undefined, { lang: 'zh' }),
    );
    expect(part('rule-begin').textContent).toContain('开始');
    expect(part('rule-end').textContent).toContain('结束');
    expect(part('rule-interval-text').textContent).toBe('从 *-*-* 08:00:00 到 *-*-* 17:30:00');
    zh.unmount();
    renderEditor(DateTimeIntervalEditor, decode(DAYTIME), sampleContext(undefined, { lang: 'tc' }));
    expect(part('rule-begin').textContent).toContain('開始');
    expect(part('rule-end').textContent).toContain('結束');
  });
});
