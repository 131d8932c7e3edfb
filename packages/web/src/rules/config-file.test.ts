import { encodePage, pageWrite } from '@fieldlink/protocol';
import type { PageRule } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { configFileName, exportConfig, importConfig } from './config-file';

const trigger: PageRule<'di'> = {
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  level: 'active',
  holdTime: 2,
  unholdTime: 1,
  output: { mode: 2, channel: 2, value: 0, addr: 0 },
};
const SOURCE = { sn: 'DEMO0001', type: 'FL-R8', name: 'Relay board', series2000: false };
const TARGET = { type: 'FL-R8', rulePages: ['rtc', 'ai', 'di', 'scene', 'scene2'] };
const AT = new Date('2026-11-27T08:00:00Z');

describe('rule configuration files', () => {
  const pages = [
    { type: 'di' as const, index: 1, bytes: encodePage('di', [null, trigger]) },
    { type: 'rtc' as const, index: 0, bytes: encodePage('rtc', []) },
  ];

  it('writes a readable, versioned file: bytes as hex with the rules decoded and described', () => {
    const file = exportConfig(SOURCE, pages, 'en', AT);
    expect(file).toMatchObject({
      format: 'fieldlink-rules',
      version: 1,
      exportedAt: '2026-11-27T08:00:00.000Z',
    });
    expect(file.device).toEqual({ sn: 'DEMO0001', type: 'FL-R8', name: 'Relay board' });
    expect(file.pages.map((p) => [p.type, p.page, p.start])).toEqual([
      ['rtc', 1, 12000],
      ['di', 2, 14070],
    ]);
    const di = file.pages[1]!;
    expect(di.hex).toBe(pageWrite('di', 1, [null, trigger]).startHexdata.split('_')[1]);
    expect(di.rules?.[1]).toMatchObject({ index: 11, rule: trigger });
    expect(di.rules?.[1]?.trigger).toMatch(/DI1/);
    expect(di.rules?.[1]?.operation).toMatch(/open relay|DO3/);
    expect(exportConfig({ ...SOURCE, series2000: true }, pages, 'en', AT).pages[0]?.start).toBe(2000);
  });

  it('reads its own file back to the same pages', () => {
    const text = JSON.stringify(exportConfig(SOURCE, pages, 'zh', AT), null, 2);
    const read = importConfig(text, TARGET);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.pages.map((p) => [p.type, p.index])).toEqual([
      ['rtc', 0],
      ['di', 1],
    ]);
    expect([...read.pages[1]!.bytes]).toEqual([...pages[0]!.bytes]);
  });

  it('takes a hand-reordered rule and refuses one whose decoded form the bytes do not carry', () => {
    const file = exportConfig(SOURCE, pages, 'en', AT);
    const di = file.pages[1]!;
    const reordered = Object.fromEntries(Object.entries(trigger).reverse());
    di.rules![1] = { ...di.rules![1]!, rule: reordered };
    expect(importConfig(JSON.stringify(file), TARGET).ok).toBe(true);
    di.rules![1] = { ...di.rules![1]!, rule: { ...trigger, channel: 5 } };
    const read = importConfig(JSON.stringify(file), TARGET);
    expect(read).toEqual({
      ok: false,
      problems: ["pages.1 (di 2): rule 11 does not match the page's bytes (the bytes are what is written)"],
    });
  });

  it('refuses another model, pages the model lacks, bad sizes, doubles and what is not a file of ours', () => {
    const file = exportConfig(SOURCE, pages, 'en', AT);
    expect(importConfig(JSON.stringify(file), { type: 'FL-R4', rulePages: TARGET.rulePages })).toMatchObject({
      ok: false,
      problems: ['device.type: the file is of model FL-R8, this device is FL-R4'],
    });
    expect(importConfig(JSON.stringify(file), { type: 'FL-R8', rulePages: ['rtc'] })).toMatchObject({
      ok: false,
      problems: ['pages.1 (di 2): this model has no di pages'],
    });
    const broken = {
      ...file,
      pages: [{ ...file.pages[0]!, hex: 'ABCD' }, file.pages[0]!, { ...file.pages[0]!, page: 8 }],
    };
    const problems = importConfig(JSON.stringify(broken), TARGET);
    expect(problems.ok).toBe(false);
    if (problems.ok) return;
    expect(problems.problems).toContain('pages.0 (rtc 1): hex must be 140 bytes (70 registers)');
    expect(problems.problems).toContain('pages.1 (rtc 1): the page is in the file twice');
    expect(problems.problems).toContain('pages.2 (rtc 8): page must be 1-7');
    expect(importConfig('not json', TARGET)).toEqual({ ok: false, problems: ['not a JSON file'] });
    const other = importConfig(JSON.stringify({ format: 'other', version: 1 }), TARGET);
    expect(other.ok).toBe(false);
    expect(importConfig(JSON.stringify({ ...file, version: 2 }), TARGET).ok).toBe(false);
  });

  it('names the file by serial and day', () => {
    expect(configFileName('DEMO0001', AT)).toBe('DEMO0001-rules-2026-11-27.json');
  });
});
