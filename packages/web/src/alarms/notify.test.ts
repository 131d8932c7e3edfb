import type { Notiface } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putRecord, resetEquipment } from '../equipment/loading';
import {
  deviceEntry,
  R8_COUNTS,
  sampleRecord,
  sampleSettings,
  seedEquipment,
} from '../equipment/test-support';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import { useNotices } from '../shell/notices';
import { MAX_ALARM_POPUPS } from './limits';
import {
  acknowledge,
  alarmAcknowledged,
  handleAlarm,
  alarmPlayer,
  MORE_ALARMS_KEY,
  resetAlarms,
} from './notify';
import { useAlarms } from './store';
import { resetTimeZone, showTimesInSiteZone } from '../time/test-support';

const opened: { type?: string; title?: unknown; description?: unknown; actions?: unknown; key?: string }[] =
  [];
const destroyed: (string | undefined)[] = [];
vi.mock('./feedback', () => ({
  notificationApi: () => ({
    open: (config: (typeof opened)[number]) => opened.push(config),
    destroy: (key?: string) => destroyed.push(key),
  }),
}));
const acked: [number, number][] = [];
const ACK = { userId: 5, userName: 'demo', at: '2026-01-05T08:01:00.000Z' };
vi.mock('../api/events', () => ({
  acknowledgeAlarm: (equipmentId: number, eventId: number) => {
    acked.push([equipmentId, eventId]);
    return eventId === 404 ? Promise.reject(new Error('no such alarm')) : Promise.resolve(ACK);
  },
}));
const notified: string[] = [];
vi.mock('../session/notify', () => ({ notify: (_type: string, content: string) => notified.push(content) }));

const alarm: Notiface['info'] = {
  SN: 'TANK1',
  channel: 'AI1',
  level: 1,
  value: 4.62,
  Time: '2026-01-05 16:00:00',
  text: 'AI1 Tank level above the upper limit 4.5: 4.62 m',
};

beforeEach(() => {
  void i18n.changeLanguage('en');
  opened.length = 0;
  destroyed.length = 0;
  acked.length = 0;
  notified.length = 0;
  seedEquipment({ entries: [{ ...deviceEntry(3, 'Tank'), unid: 'TANK1', icon: '' }] });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetAlarms();
  resetEquipment();
  useMe.getState().setMe(null);
  useNotices.setState({ notices: [] });
});

describe('handleAlarm', () => {
  it('lists the alarm, pops it up and plays the user sound; the notice comes from the server', () => {
    const play = vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    useMe.getState().setMe(
      sampleMe({
        param: { ...sampleMe().param, alarm: { repeat: 3, sound: 4 } },
      }),
    );
    handleAlarm(alarm, Date.UTC(2026, 0, 5, 8));
    expect(useAlarms.getState().alarms[0]).toMatchObject({
      name: 'Tank',
      channel: 'AI1',
      level: 1,
      value: 4.62,
    });
    expect(useAlarms.getState().unseen).toBe(1);
    expect(opened[0]).toMatchObject({ type: 'error', title: 'Tank AI1' });
    expect(String(opened[0]?.description)).toContain('above the upper limit 4.5');
    expect(useNotices.getState().notices).toEqual([]);
    expect(play).toHaveBeenCalledWith({ repeat: 3, sound: 4 });
  });

  it("words the pop-up in the user's language from the equipment's record", () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    const settings = sampleSettings(R8_COUNTS);
    putRecord(
      sampleRecord({
        id: 3,
        unid: 'TANK1',
        settings: {
          ...settings,
          ai: { ...settings.ai, names: ['Tank level', ''], units: ['m', ''], alarmHigh: [4.5, 0] },
        },
      }),
    );
    void i18n.changeLanguage('zh');
    handleAlarm(alarm, Date.UTC(2026, 0, 5, 8));
    expect(opened[0]?.description).toBe('AI1 Tank level 高于上限 4.5：4.62 m (2026-01-05 16:00:00)');
  });

  it('words it from what the server sent with it before an older record', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    const settings = sampleSettings(R8_COUNTS);
    // The limit the console last read; the server has evaluated a newer one.
    putRecord(
      sampleRecord({
        id: 3,
        unid: 'TANK1',
        settings: { ...settings, ai: { ...settings.ai, alarmHigh: [3, 0] } },
      }),
    );
    void i18n.changeLanguage('zh');
    handleAlarm({ ...alarm, name: 'Tank level', unit: 'm', limit: 4.5 }, Date.UTC(2026, 0, 5, 8));
    expect(opened[0]?.description).toBe('AI1 Tank level 高于上限 4.5：4.62 m (2026-01-05 16:00:00)');
    expect(useAlarms.getState().alarms[0]?.facts).toEqual({ name: 'Tank level', unit: 'm', limit: 4.5 });
  });

  it('keeps the server text for an alarm whose record is not in', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    void i18n.changeLanguage('zh');
    handleAlarm(alarm, Date.UTC(2026, 0, 5, 8));
    expect(opened[0]?.description).toBe(`${alarm.text} (2026-01-05 16:00:00)`);
  });

  it('writes the time from the alarm’s instant in the zone the user chose, in the language’s format', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    void i18n.changeLanguage('tc');
    // The server's text is Shanghai's 16:00; the user reads New York's clock (EST in January).
    showTimesInSiteZone('America/New_York');
    try {
      handleAlarm({ ...alarm, at: '2026-01-05T08:00:00.000Z' }, Date.UTC(2026, 0, 5, 8));
    } finally {
      resetTimeZone();
    }
    expect(opened[0]?.description).toBe(`${alarm.text} (2026/01/05 03:00:00)`);
  });

  it('names an unknown device by its unid and pops a low alarm as a warning', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    handleAlarm({ ...alarm, SN: 'OTHER', level: -1 });
    expect(opened[0]).toMatchObject({ type: 'warning', title: 'OTHER AI1' });
  });

  it('shows and sounds an alarm delivered twice only once', () => {
    const play = vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    useMe.getState().setMe(sampleMe());
    handleAlarm(alarm);
    handleAlarm(alarm);
    expect(opened).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(1);
    expect(useAlarms.getState().alarms).toHaveLength(1);
  });

  it('stays silent in quiet hours but still shows the alarm', () => {
    const play = vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    const param = { ...sampleMe().param, quietHours: { enabled: true, start: 0, end: 1439 } };
    useMe.getState().setMe(sampleMe({ param }));
    handleAlarm(alarm, new Date(2026, 0, 5, 12, 0).getTime());
    expect(play).not.toHaveBeenCalled();
    expect(opened).toHaveLength(1);
  });

  it("says 'alarm sound fetch error' when no sound can be made", async () => {
    vi.spyOn(alarmPlayer, 'play').mockRejectedValue(new Error('no audio'));
    useMe.getState().setMe(sampleMe());
    handleAlarm(alarm);
    await vi.waitFor(() => expect(notified).toEqual(['alarm sound fetch error']));
  });
});

describe('a burst of alarms', () => {
  it('pops up the first few one by one and sums up the rest in one pop-up updated in place', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    for (let i = 0; i < 60; i++)
      handleAlarm({ ...alarm, SN: `S${i}`, value: 5 + i }, Date.UTC(2026, 0, 5, 8));
    expect(useAlarms.getState().alarms).toHaveLength(60);
    const keys = (opened as { key?: string }[]).map((o) => o.key);
    expect(new Set(keys).size).toBe(MAX_ALARM_POPUPS + 1);
    expect(keys.filter((k) => k === MORE_ALARMS_KEY)).toHaveLength(60 - MAX_ALARM_POPUPS);
    expect(opened.at(-1)?.title).toBe(`${60 - MAX_ALARM_POPUPS} more alarms: see the alarm list`);
    expect(String(opened.at(-1)?.description)).toContain('S59 AI1');
  });

  it('shows alarms one by one again once the pop-ups have closed', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    for (let i = 0; i < 5; i++) handleAlarm({ ...alarm, SN: `T${i}` }, Date.UTC(2026, 0, 5, 8));
    for (const config of [...opened] as { onClose?: () => void }[]) config.onClose?.();
    opened.length = 0;
    handleAlarm({ ...alarm, SN: 'T9' }, Date.UTC(2026, 0, 5, 8));
    expect((opened[0] as { key?: string }).key).not.toBe(MORE_ALARMS_KEY);
    expect(opened[0]?.title).toBe('T9 AI1');
  });
});

/** The Acknowledge button a pop-up carries, or undefined. */
function ackButton(
  config: (typeof opened)[number] | undefined,
): { onClick: () => void; text: unknown } | undefined {
  const element = config?.actions as { props: { onClick: () => void; children: unknown } } | undefined;
  return element ? { onClick: element.props.onClick, text: element.props.children } : undefined;
}

describe('acknowledging from the pop-up', () => {
  it('gives a stored alarm an Acknowledge button that acknowledges it, closes the pop-up and stops the sound', async () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    vi.spyOn(alarmPlayer, 'playing', 'get').mockReturnValue(false);
    const stop = vi.spyOn(alarmPlayer, 'stop');
    useMe.getState().setMe(sampleMe());
    handleAlarm({ ...alarm, eventId: 812 }, Date.UTC(2026, 0, 5, 8));
    const button = ackButton(opened[0]);
    expect(button?.text).toBe('Acknowledge');
    button!.onClick();
    await vi.waitFor(() => expect(useAlarms.getState().acks[812]).toEqual(ACK));
    expect(acked).toEqual([[3, 812]]);
    expect(destroyed).toEqual([opened[0]!.key]);
    expect(stop).toHaveBeenCalled();
  });

  it('keeps the sound while another alarm it sounds for is unacknowledged', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    const playing = vi.spyOn(alarmPlayer, 'playing', 'get').mockReturnValue(false);
    const stop = vi.spyOn(alarmPlayer, 'stop');
    useMe.getState().setMe(sampleMe());
    handleAlarm({ ...alarm, eventId: 1 }, Date.UTC(2026, 0, 5, 8));
    playing.mockReturnValue(true);
    handleAlarm({ ...alarm, channel: 'AI2', eventId: 2 }, Date.UTC(2026, 0, 5, 8));
    // Another session acknowledged the first: its pop-up closes, the second still sounds.
    alarmAcknowledged(1, ACK);
    expect(destroyed).toEqual([opened[0]!.key]);
    expect(stop).not.toHaveBeenCalled();
    alarmAcknowledged(2, ACK);
    expect(stop).toHaveBeenCalledTimes(1);
    // The first acknowledgement stands.
    alarmAcknowledged(2, { ...ACK, userName: 'later' });
    expect(useAlarms.getState().acks[2]?.userName).toBe('demo');
  });

  it('offers no button for an alarm without its event, or to a user who may only read', () => {
    vi.spyOn(alarmPlayer, 'play').mockResolvedValue();
    handleAlarm(alarm, Date.UTC(2026, 0, 5, 8));
    expect(ackButton(opened[0])).toBeUndefined();
    seedEquipment({ entries: [{ ...deviceEntry(3, 'Tank'), unid: 'TANK1', icon: '', level: 1 }] });
    handleAlarm({ ...alarm, Time: '2026-01-05 16:00:01', eventId: 9 }, Date.UTC(2026, 0, 5, 8));
    expect(ackButton(opened[1])).toBeUndefined();
  });

  it('says why when the server refuses, and leaves the pop-up up', async () => {
    expect(await acknowledge(3, 404)).toBe(false);
    expect(notified).toEqual(['The alarm could not be acknowledged: no such alarm']);
    expect(useAlarms.getState().acks[404]).toBeUndefined();
    expect(destroyed).toEqual([]);
  });
});
