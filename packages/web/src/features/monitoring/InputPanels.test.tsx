// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '../../api/equipment';
import { channelViews } from '../../equipment/channels';
import { applyUpdate } from '../../equipment/live-state';
import { putRecord, resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { sampleRecord, sampleSettings, sampleType, seedEquipment } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { mockFetch } from '../../session/test-support';
import DeviceView from './DeviceView';
import { AiPanel, ALARM_COLORS, DiPanel } from './InputPanels';
import { renderWithApp } from './test-render';

const COUNTS = { do: 0, di: 4, ai: 4, ao: 0 };
const TENTHS = { x1: [0, 0, 0, 0], x2: [1000, 1000, 1000, 1000], y1: [0, 0, 0, 0], y2: [10, 10, 10, 10] };

/**
 * A module with four inputs of each kind. AI: raw/100 in the shown unit; AI1 alarms above 9,
 * AI2 below 2, AI3 has no limits, AI4 alarms outside 0-10. DI: DI1 alarms when closed, DI2 when
 * open, DI3 never, DI4 when closed.
 */
function moduleRecord(colors: Partial<Equipment['settings']['colors']> = {}): Equipment {
  const base = sampleSettings(COUNTS);
  return sampleRecord({
    id: 5,
    unid: 'MOD5',
    name: 'Input module',
    counts: COUNTS,
    settings: {
      ...base,
      colors: { ...base.colors, ...colors },
      ai: {
        ...base.ai,
        ...TENTHS,
        names: ['Tank level', 'Pressure', 'Flow', 'Temperature'],
        units: ['m', 'bar', 'm3/h', 'C'],
        alarmLow: [0, 2, 0, 0],
        alarmHigh: [9, 8, 0, 10],
      },
      di: {
        ...base.di,
        names: ['Door', 'Float', 'Button', 'Smoke'],
        alarm: [true, true, false, true],
        alarmHigh: [true, false, true, true],
      },
    },
  });
}

/** regai: AI1 9.5 (high), AI2 1.5 (low), AI3 5, AI4 5. regdi 0b0101: DI1 and DI3 closed. */
const PUSH = { SN: 'MOD5', regai: [950, 150, 500, 500], regdi: [0b0101] };

/** The value of an AI as shown, and its colour and tag. */
function ai(passage: string) {
  const cell = document.querySelector(`[data-kind="ai"] [data-channel="${passage}"]`)!;
  const value = screen.getByTestId(`value-${passage}`);
  return {
    value: value.textContent,
    color: value.style.color,
    tag: cell.querySelector('.ant-tag')?.textContent ?? null,
  };
}

/** The alarm tag of a DI, or null. */
const diTag = (passage: string): string | null =>
  document.querySelector(`[data-kind="di"] [data-channel="${passage}"] .ant-tag`)?.textContent ?? null;

/** A colour as the page's style reads it back. */
function cssColor(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  return probe.style.color;
}

function renderPanels(record: Equipment) {
  const live = applyUpdate(undefined, PUSH, record.counts, Date.now());
  const views = channelViews(record, live);
  renderWithApp(
    <>
      <DiPanel views={views.di} />
      <AiPanel views={views.ai} settings={record.settings} />
    </>,
  );
}

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  resetEquipment();
});

describe('input panels', () => {
  it('draws an AI above its upper limit red and below its lower limit orange, a normal one plain', () => {
    renderPanels(moduleRecord());
    expect(ai('AI1')).toEqual({ value: '9.5 m', color: cssColor(ALARM_COLORS.high), tag: 'High' });
    expect(ai('AI2')).toEqual({ value: '1.5 bar', color: cssColor(ALARM_COLORS.low), tag: 'Low' });
    expect(ai('AI3')).toEqual({ value: '5 m3/h', color: '', tag: null });
    expect(ai('AI4')).toEqual({ value: '5 C', color: '', tag: null });
    // The documented defaults: orange and red.
    expect(cssColor(ALARM_COLORS.low)).toBe('rgb(250, 140, 22)');
    expect(cssColor(ALARM_COLORS.high)).toBe('rgb(255, 77, 79)');
  });

  it('uses the equipment’s own alarm colours (fALColor, fAHColor) when it sets them', () => {
    renderPanels(moduleRecord({ alarmLow: '#0000ff', alarmHigh: '#800080' }));
    expect(ai('AI1')).toEqual({ value: '9.5 m', color: cssColor('#800080'), tag: 'High' });
    expect(ai('AI2')).toEqual({ value: '1.5 bar', color: cssColor('#0000ff'), tag: 'Low' });
    expect(ai('AI3').color).toBe('');
  });

  it("names a DI's state, not its contact: a 'Panel door open' input on and in alarm never reads Closed", () => {
    const record = moduleRecord();
    const named = {
      ...record,
      settings: {
        ...record.settings,
        di: { ...record.settings.di, names: ['Panel door open', 'Float', 'Button', 'Smoke'] },
      },
    };
    const state = () =>
      document.querySelector('[data-kind="di"] [data-channel="DI1"] .ant-typography-secondary')?.textContent;
    for (const [lang, words] of [
      ['en', 'DI1 · On'],
      ['zh', 'DI1 · 开'],
      ['tc', 'DI1 · 開'],
    ] as const) {
      setLanguage(lang);
      renderPanels(named);
      expect(state()).toBe(words);
      expect(document.querySelector('[data-channel="DI1"]')?.textContent).not.toMatch(/Closed|闭合|閉合/);
      cleanup();
    }
  });

  it('tags a DI in its alarm state, and no other', () => {
    renderPanels(moduleRecord());
    // DI1 closed and alarming when closed; DI2 open and alarming when open.
    expect(diTag('DI1')).toBe('Alarm');
    expect(diTag('DI2')).toBe('Alarm');
    // DI3 closed without an alarm; DI4 open, alarming only when closed.
    expect(diTag('DI3')).toBeNull();
    expect(diTag('DI4')).toBeNull();
    const states = [...document.querySelectorAll('[data-kind="di"] [data-channel]')].map(
      (c) => c.textContent,
    );
    expect(states).toEqual(['DoorDI1 · OnAlarm', 'FloatDI2 · OffAlarm', 'ButtonDI3 · On', 'SmokeDI4 · Off']);
  });
});

describe('input pictures', () => {
  const picture = (kind: string, passage: string) =>
    (
      document.querySelector(
        `[data-kind="${kind}"] [data-channel="${passage}"] .channel-image`,
      ) as HTMLElement
    ).dataset.image;

  it("draws an AI's picture, and its alarm picture while it alarms (fAIImg, fAIAlarmImg)", () => {
    const record = moduleRecord();
    const images = ['thermometer.png', 'drop.png', 'tank.png', ''];
    const alarmImages = ['bolt.png', 'com_alarm.gif', 'bolt.png', ''];
    renderPanels({
      ...record,
      settings: { ...record.settings, ai: { ...record.settings.ai, images, alarmImages } },
    });
    expect(picture('ai', 'AI1')).toBe('bolt.png');
    expect(picture('ai', 'AI2')).toBe('com_alarm.gif');
    expect(picture('ai', 'AI3')).toBe('tank.png');
    expect(picture('ai', 'AI4')).toBe('');
  });

  it("draws a DI's on picture while closed and its off picture while open (fDIOnImg, fDIOffImg)", () => {
    const record = moduleRecord();
    const di = {
      ...record.settings.di,
      onImages: ['bulb.png', '', '', ''],
      offImages: ['', 'fan_0.png', '', ''],
    };
    renderPanels({ ...record, settings: { ...record.settings, di } });
    expect(picture('di', 'DI1')).toBe('bulb.png');
    expect(picture('di', 'DI2')).toBe('fan_0.png');
    expect(picture('di', 'DI3')).toBe('kg11.png');
    expect(picture('di', 'DI4')).toBe('kg11_0.png');
  });
});

describe('input panels of the selected equipment', () => {
  let restore = (): void => undefined;
  beforeEach(() => {
    // The record read on selection fails: the one held stays.
    restore = mockFetch({ 'GET /equipment/5': { status: 500 } }).restore;
    const record = moduleRecord();
    seedEquipment({
      types: { [record.type]: sampleType(record.type, COUNTS) },
      flags: { 5: { isOnline: true, isAlarm: false, soc: 30 } },
      records: [record],
    });
  });
  afterEach(() => restore());

  it('shows no alarm before the first values arrive, then the alarms of the values', () => {
    renderWithApp(<DeviceView id={5} />);
    // Every channel reads 0 until then, below AI2's lower limit and DI2's alarm state: not alarms.
    expect(ai('AI2')).toEqual({ value: '0 bar', color: '', tag: null });
    expect(diTag('DI2')).toBeNull();
    expect(document.querySelectorAll('[data-kind] .ant-tag')).toHaveLength(0);

    act(() => useEquipmentStore.getState().applyUpdates([PUSH]));
    expect(ai('AI1')).toEqual({ value: '9.5 m', color: cssColor(ALARM_COLORS.high), tag: 'High' });
    expect(ai('AI2')).toEqual({ value: '1.5 bar', color: cssColor(ALARM_COLORS.low), tag: 'Low' });
    expect(ai('AI3').tag).toBeNull();
    expect(diTag('DI1')).toBe('Alarm');
    expect(diTag('DI2')).toBe('Alarm');
    expect(diTag('DI4')).toBeNull();
  });

  it('shows only the channels the UI settings list (fDODIMode), still alarming for hidden ones', () => {
    const record = moduleRecord();
    const doDi = { DIIndexArr: [3, 0], AIIndexArr: [2] };
    putRecord({ ...record, settings: { ...record.settings, modes: { ...record.settings.modes, doDi } } });
    renderWithApp(<DeviceView id={5} />);
    act(() => useEquipmentStore.getState().applyUpdates([PUSH]));
    const passages = (kind: string) =>
      [...document.querySelectorAll(`[data-kind="${kind}"] [data-channel]`)].map(
        (c) => (c as HTMLElement).dataset.channel,
      );
    expect(passages('di')).toEqual(['DI1', 'DI4']);
    expect(passages('ai')).toEqual(['AI3']);
    // AI1 and AI2 alarm though hidden: the device is in alarm.
    expect(useEquipmentStore.getState().flags[5]?.isAlarm).toBe(true);
  });
});
