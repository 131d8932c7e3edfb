/**
 * The poll delays of the Modbus and DL645 lists (docs/protocol.md § Poll delay) as select options,
 * named in every language by the protocol package ('default', '0.5 s' … '1 day').
 */
import { formatPollDelay, LANGS, POLL_DELAYS } from '@fieldlink/protocol';
import type { Phrase } from '@fieldlink/protocol';
import type { CodeOption } from '../fields';

export const POLL_DELAY_OPTIONS: readonly CodeOption[] = POLL_DELAYS.map((_, code) => ({
  code,
  name: Object.fromEntries(LANGS.map((lang) => [lang, formatPollDelay(code, lang)])) as Phrase,
}));
