/**
 * A set of DO channels of a scene (dosel, Opendosel, Closedosel): the model keeps the list of
 * channels (from 0), the field draws the model's DO channels as boxes. Channels past the model's
 * count are kept as read and named under the field, so that the user knows they are written back
 * (the device ignores channels beyond its hardware).
 */
import { channelsToMask, maskToChannels } from '@fieldlink/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleContext } from '../context';
import { ChannelBitsField } from '../fields';

/** 'DO9, DO12': channels from 0 written from 1. */
export function channelList(channels: readonly number[]): string {
  return channels.map((c) => `DO${c + 1}`).join(', ');
}

export function DoSetField({
  label,
  value,
  onChange,
  context,
  testId,
  extra,
}: {
  readonly label: ReactNode;
  readonly value: readonly number[];
  readonly onChange: (channels: readonly number[]) => void;
  readonly context: RuleContext;
  readonly testId: string;
  readonly extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const count = Math.min(32, context.counts.do);
  const beyond = value.filter((c) => c >= count);
  const notes = [
    count === 0 ? t('rules.fields.noChannels') : null,
    beyond.length > 0 ? t('rules.scene.beyondCount', { channels: channelList(beyond) }) : null,
  ].filter((note) => note !== null);
  return (
    <ChannelBitsField
      label={label}
      kind="do"
      value={channelsToMask(value)}
      context={context}
      onChange={(bits) => onChange(maskToChannels(bits))}
      testId={testId}
      extra={
        notes.length === 0 && extra === undefined ? undefined : (
          <>
            {extra}
            {notes.map((note) => (
              <div key={note}>{note}</div>
            ))}
          </>
        )
      }
    />
  );
}
