/**
 * The basic param as the store keeps it: a JSON text in `users.param` under the specification's
 * names (spec §3), so existing databases keep working. This module alone reads and writes those
 * names; the rest of the server, the REST contract and the console use the domain names of
 * `ParamReply` (@fieldlink/protocol), whose PATCH schema only knows the old names to refuse them.
 * Reading is lenient (missing, damaged or unparsable fields take their defaults, unknown ones are
 * dropped); writing writes the whole param.
 */
import { AlarmSound, AlarmType, ConsoleSettings, MinuteOfDay } from '@fieldlink/protocol';
import { z } from 'zod';
import { PARAM_DEFAULTS, parseJson } from './preferences.js';
import type { Param } from './preferences.js';

const D = PARAM_DEFAULTS;

const StoredParam = z.object({
  Sleep_Enable: z.boolean().catch(D.quietHours.enabled),
  Sleep_begin: MinuteOfDay.catch(D.quietHours.start),
  Sleep_end: MinuteOfDay.catch(D.quietHours.end),
  en_openall: z.boolean().catch(D.openAllButton),
  en_closeall: z.boolean().catch(D.closeAllButton),
  en_oprall_Confirm: z.boolean().catch(D.confirmOpenCloseAll),
  en_opr_sec: z.boolean().catch(D.confirmOperations),
  sec_confirm: z.boolean().catch(D.operationPassword),
  en_google: z.boolean().catch(D.googleMaps),
  info: z
    .object({
      alarm: z
        .object({
          alarmtype: AlarmType.catch(D.alarm.repeat),
          alarmsound: AlarmSound.catch(D.alarm.sound),
        })
        .catch({ alarmtype: D.alarm.repeat, alarmsound: D.alarm.sound }),
      cfg: ConsoleSettings.catch(() => ({ ...D.consoleSettings })),
    })
    .catch(() => ({
      alarm: { alarmtype: D.alarm.repeat, alarmsound: D.alarm.sound },
      cfg: { ...D.consoleSettings },
    })),
});

type StoredParam = z.infer<typeof StoredParam>;

/** The param of a stored `users.param` text, every missing or damaged field at its default. */
export function readParam(text: string): Param {
  const json = parseJson(text);
  const s = StoredParam.parse(typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {});
  return {
    quietHours: { enabled: s.Sleep_Enable, start: s.Sleep_begin, end: s.Sleep_end },
    openAllButton: s.en_openall,
    closeAllButton: s.en_closeall,
    confirmOpenCloseAll: s.en_oprall_Confirm,
    confirmOperations: s.en_opr_sec,
    operationPassword: s.sec_confirm,
    googleMaps: s.en_google,
    alarm: { repeat: s.info.alarm.alarmtype, sound: s.info.alarm.alarmsound },
    consoleSettings: s.info.cfg,
  };
}

/** The `users.param` text of a param: the whole of it, under the specification's names. */
export function storedParam(param: Param): string {
  const stored: StoredParam = {
    Sleep_Enable: param.quietHours.enabled,
    Sleep_begin: param.quietHours.start,
    Sleep_end: param.quietHours.end,
    en_openall: param.openAllButton,
    en_closeall: param.closeAllButton,
    en_oprall_Confirm: param.confirmOpenCloseAll,
    en_opr_sec: param.confirmOperations,
    sec_confirm: param.operationPassword,
    en_google: param.googleMaps,
    info: {
      alarm: { alarmtype: param.alarm.repeat, alarmsound: param.alarm.sound },
      cfg: param.consoleSettings,
    },
  };
  return JSON.stringify(stored);
}
