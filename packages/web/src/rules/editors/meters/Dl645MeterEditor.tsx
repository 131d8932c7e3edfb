/**
 * One entry of the DL645 list (`dl645` pages; docs/protocol.md § DL645 meter entry): which data
 * item the gateway reads from a DL/T 645 meter and where it keeps it. The address is typed as the
 * meter prints it (12 digits, leading zeros may be left out, AA bytes as wildcards); the data
 * identifier as hex digits, 8 for DL/T 645-2007 and 4 for DL/T 645-1997. An unknown protocol
 * code or delay read from the device is shown as err with its code and kept.
 */
import { DL645_MODES, formatDataId, isValidDl645Address } from '@fieldlink/protocol';
import type { Dl645MeterEntry } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { CodeSelect, NumberField } from '../fields';
import type { CodeOption } from '../fields';
import { POLL_DELAY_OPTIONS } from './poll-delay';
import { TypedTextField } from './TypedTextField';
import type { TextReading } from './TypedTextField';

const MODE_OPTIONS: readonly CodeOption[] = DL645_MODES.map((mode, code) => ({ code, name: mode }));

/** What an entry switched off is written as: the empty slot. */
const DISABLED: Dl645MeterEntry = {
  mode: 0,
  address: '000000000000',
  dataId: 0,
  masterStart: 0,
  pollDelay: 0,
};

/** The DL/T 645-1997 mode, whose identifiers are two bytes. */
const MODE_1997 = 2;

/** Bytes of the identifier the mode reads; an unknown mode keeps the full four. */
const idBytesOf = (mode: number): 2 | 4 => (mode === MODE_1997 ? 2 : 4);

export default function Dl645MeterEditor({ value, onChange, context }: RuleEditorProps<Dl645MeterEntry>) {
  const { t } = useTranslation();
  const { lang, readOnly } = context;
  const mode = DL645_MODES[value.mode];
  const idBytes = idBytesOf(value.mode);
  const idDigits = idBytes * 2;

  const changeMode = (next: number): void => {
    if (next === 0) return onChange(DISABLED);
    // A 2007 identifier does not fit a 1997 meter's two bytes: it starts over from 0.
    const dataId = idBytesOf(next) === 2 && value.dataId > 0xffff ? 0 : value.dataId;
    onChange({ ...value, mode: next, dataId });
  };

  const readAddress = (typed: string): TextReading<string> => {
    const digits = typed.replace(/\s+/g, '').toUpperCase();
    if (digits === '') return { ok: false, problem: t('rules.fields.required') };
    if (!/^[0-9A-F]{1,12}$/.test(digits))
      return { ok: false, problem: t('rules.meters.dl645.addressDigits') };
    // Meters print their address without leading zeros as often as with them.
    const address = digits.padStart(12, '0');
    if (!isValidDl645Address(address)) return { ok: false, problem: t('rules.meters.dl645.addressBcd') };
    return { ok: true, value: address, shown: address };
  };

  const readDataId = (typed: string): TextReading<number> => {
    const digits = typed.replace(/[\s-]+/g, '').toUpperCase();
    if (digits === '') return { ok: false, problem: t('rules.fields.required') };
    if (!/^[0-9A-F]+$/.test(digits) || digits.length !== idDigits) {
      return { ok: false, problem: t('rules.meters.dl645.dataIdDigits', { digits: idDigits }) };
    }
    const dataId = parseInt(digits, 16);
    return { ok: true, value: dataId, shown: formatDataId(dataId, idBytes) };
  };

  return (
    <>
      <CodeSelect
        label={t('rules.meters.dl645.mode')}
        value={value.mode}
        options={MODE_OPTIONS}
        lang={lang}
        disabled={readOnly}
        extra={mode ? undefined : t('rules.meters.dl645.unknownMode')}
        onChange={changeMode}
        testId="rule-mode"
      />
      {value.mode !== 0 && (
        <>
          <TypedTextField
            label={t('rules.meters.dl645.address')}
            shown={value.address}
            read={readAddress}
            disabled={readOnly}
            onChange={(address) => onChange({ ...value, address })}
            extra={(reading, typed) =>
              reading.ok && reading.shown !== typed.replace(/\s+/g, '').toUpperCase()
                ? t('rules.meters.dl645.addressStored', { address: reading.shown })
                : t('rules.meters.dl645.addressHint')
            }
            testId="rule-address"
          />
          <TypedTextField
            label={t('rules.meters.dl645.dataId')}
            // A stored identifier too wide for its mode is shown whole (and reported), not cut.
            shown={formatDataId(value.dataId, value.dataId > 0xffff ? 4 : idBytes)}
            read={readDataId}
            disabled={readOnly}
            onChange={(dataId) => onChange({ ...value, dataId })}
            extra={() =>
              t('rules.meters.dl645.dataIdHint', {
                digits: idDigits,
                example: idBytes === 2 ? '90-10' : '00-01-00-00',
              })
            }
            testId="rule-dataId"
          />
          <NumberField
            label={t('rules.meters.masterStart')}
            value={value.masterStart}
            min={0}
            max={0xffff}
            disabled={readOnly}
            onChange={(masterStart) => onChange({ ...value, masterStart })}
            testId="rule-masterStart"
          />
          <CodeSelect
            label={t('rules.meters.pollDelay')}
            value={value.pollDelay}
            options={POLL_DELAY_OPTIONS}
            lang={lang}
            disabled={readOnly}
            onChange={(pollDelay) => onChange({ ...value, pollDelay })}
            testId="rule-pollDelay"
          />
        </>
      )}
    </>
  );
}
