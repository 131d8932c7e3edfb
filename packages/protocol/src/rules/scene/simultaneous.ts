/**
 * Scene type 7: one set of DO channels opens and another closes at the same moment.
 * docs/protocol.md § Simultaneous.
 */
import { channelsToMask, maskToChannels, readU32, writeU32 } from '../../bytes.js';
import { joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { checkChannels, clauses, formatChannels, titled } from './common.js';
import { describeCondition, readCondition, validateCondition, writeHeader } from './header.js';
import type { SceneCondition } from './header.js';
import { sceneTypeName } from './scene-types.js';

export interface SimultaneousScene extends SceneCondition {
  readonly type: 7;
  /** Opendosel: the DO channels (from 0) to open, sorted. */
  readonly openChannels: readonly number[];
  /** Closedosel: the DO channels (from 0) to close, sorted. */
  readonly closeChannels: readonly number[];
}

export function encodeSimultaneous(rule: SimultaneousScene, out: Uint8Array): void {
  writeHeader(out, rule);
  writeU32(out, 4, channelsToMask(rule.openChannels));
  writeU32(out, 8, channelsToMask(rule.closeChannels));
}

export function decodeSimultaneous(bytes: Uint8Array): SimultaneousScene {
  const c = readCondition(bytes);
  // Fields are listed, not spread: spreading into a literal is slow in V8's hot paths.
  return {
    type: 7,
    rule: c.rule,
    ruleType: c.ruleType,
    holdTime: c.holdTime,
    openChannels: maskToChannels(readU32(bytes, 4)),
    closeChannels: maskToChannels(readU32(bytes, 8)),
  };
}

const TEXT = {
  open: { en: 'open {ch}', zh: '开{ch}', tc: '開{ch}' },
  close: { en: 'close {ch}', zh: '关{ch}', tc: '關{ch}' },
} as const satisfies Record<string, Phrase>;

export function describeSimultaneous(rule: SimultaneousScene, lang: Lang): string {
  const sets = clauses(
    [
      say(TEXT.open, lang, { ch: formatChannels('DO', rule.openChannels, lang) }),
      say(TEXT.close, lang, { ch: formatChannels('DO', rule.closeChannels, lang) }),
    ],
    lang,
  );
  return joinParts([titled(sceneTypeName(7, lang), sets, lang), ...describeCondition(rule, lang)], lang);
}

export function validateSimultaneous(rule: SimultaneousScene): string[] {
  return [
    ...validateCondition(rule),
    ...checkChannels('openChannels', rule.openChannels),
    ...checkChannels('closeChannels', rule.closeChannels),
  ];
}
