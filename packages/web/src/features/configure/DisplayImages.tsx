/**
 * The UI tab's channel pictures: on and off pictures of outputs and inputs, the value and alarm
 * pictures of analog inputs, chosen from the pictures the console draws (channel-images.tsx). A
 * stored name the console does not draw is kept and offered as it stands.
 */
import { channelLabel } from '@fieldlink/protocol';
import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { ANALOG_IMAGES, analogOf, ChannelImage, PAIR_IMAGES, pairOf } from './channel-images';
import type { ImageLabel } from './channel-images';
import type { ImageFallback } from './channel-images';
import { ChannelSection } from './channel-fields';
import type { DisplayDraft, ImageList } from './display-model';

interface Choice {
  readonly value: string;
  readonly label: ReactNode;
  readonly text: string;
}

type Variant =
  { readonly kind: 'pair'; readonly on: boolean } | { readonly kind: 'analog'; readonly alarm: boolean };

function useChoices(): (variant: Variant, current: string) => Choice[] {
  const { t } = useTranslation();
  const labelled = (value: string, text: string, picture: ReactNode): Choice => ({
    value,
    text,
    label: (
      <Space size={6} align="center">
        {picture}
        <span>{text}</span>
      </Space>
    ),
  });
  return (variant, current) => {
    const fallback: ImageFallback = variant.kind === 'pair' ? 'switch' : variant.alarm ? 'warning' : 'gauge';
    const on = variant.kind === 'pair' && variant.on;
    const alarm = variant.kind === 'analog' && variant.alarm;
    const builtIn =
      variant.kind === 'pair'
        ? PAIR_IMAGES.map((p) => {
            const name = variant.on ? p.on : p.off;
            return labelled(
              name,
              t(`configure.display.images.${p.key}`),
              <ChannelImage name={name} fallback={fallback} on={on} size={20} />,
            );
          })
        : ANALOG_IMAGES.map((a) =>
            labelled(
              a.name,
              t(`configure.display.images.${a.key}`),
              <ChannelImage name={a.name} fallback={fallback} on={false} alarm={alarm} size={20} />,
            ),
          );
    if (builtIn.some((c) => c.value === current)) return builtIn;
    // Kept as stored: a picture of another client's (drawn as the default here), or the other
    // picture of a pair chosen for this state.
    const known = pairOf(current) ?? analogOf(current);
    const text = known
      ? t(`configure.display.images.${known.key}`)
      : t('configure.display.images.other', { name: current });
    return [
      ...builtIn,
      labelled(
        current,
        text,
        <ChannelImage name={current} fallback={fallback} on={on} alarm={alarm} size={20} />,
      ),
    ];
  };
}

function ImageCell({
  label,
  value,
  variant,
  editable,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly variant: Variant;
  readonly editable: boolean;
  readonly onChange: (name: string) => void;
}) {
  const choices = useChoices()(variant, value);
  if (!editable) return <>{choices.find((c) => c.value === value)?.label ?? value}</>;
  return (
    <Select
      size="small"
      style={{ width: 200 }}
      value={value}
      aria-label={label}
      options={choices.map((c) => ({ value: c.value, label: c.label, title: c.text }))}
      onChange={(name: string) => onChange(name)}
    />
  );
}

const ROWS: readonly {
  readonly kind: 'do' | 'di' | 'ai';
  readonly passage: 'DO' | 'DI' | 'AI';
  readonly lists: readonly [ImageList, ImageList];
  readonly variants: readonly [Variant, Variant];
  readonly heads: readonly [ImageLabel, ImageLabel];
}[] = [
  {
    kind: 'do',
    passage: 'DO',
    lists: ['doOn', 'doOff'],
    variants: [
      { kind: 'pair', on: true },
      { kind: 'pair', on: false },
    ],
    heads: ['onImage', 'offImage'],
  },
  {
    kind: 'di',
    passage: 'DI',
    lists: ['diOn', 'diOff'],
    variants: [
      { kind: 'pair', on: true },
      { kind: 'pair', on: false },
    ],
    heads: ['onImage', 'offImage'],
  },
  {
    kind: 'ai',
    passage: 'AI',
    lists: ['ai', 'aiAlarm'],
    variants: [
      { kind: 'analog', alarm: false },
      { kind: 'analog', alarm: true },
    ],
    heads: ['valueImage', 'alarmImage'],
  },
];

export function DisplayImages({
  record,
  draft,
  editable,
  setImage,
}: {
  readonly record: Equipment;
  readonly draft: DisplayDraft;
  readonly editable: boolean;
  readonly setImage: (list: ImageList, index: number, name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {ROWS.filter((row) => record.counts[row.kind] > 0).map((row) => (
        <ChannelSection
          key={row.kind}
          title={t(`configure.display.images.title.${row.kind}`)}
          testId={`display-images-${row.kind}`}
        >
          <table className="channel-table">
            <thead>
              <tr>
                <th scope="col">{t('configure.parameters.channel')}</th>
                <th scope="col">{t('configure.parameters.name')}</th>
                <th scope="col">{t(`configure.display.images.${row.heads[0]}`)}</th>
                <th scope="col">{t(`configure.display.images.${row.heads[1]}`)}</th>
              </tr>
            </thead>
            <tbody>
              {draft.images[row.lists[0]].map((_, i) => {
                const passage = channelLabel(row.passage, i);
                return (
                  <tr key={passage} data-channel={passage}>
                    <th scope="row">{passage}</th>
                    <td>{record.settings[row.kind].names[i]?.trim() || passage}</td>
                    {row.lists.map((list, column) => (
                      <td key={list}>
                        <ImageCell
                          label={t('configure.parameters.fieldLabel', {
                            channel: passage,
                            field: t(`configure.display.images.${row.heads[column === 0 ? 0 : 1]}`),
                          })}
                          value={draft.images[list][i] ?? ''}
                          variant={row.variants[column]!}
                          editable={editable}
                          onChange={(name) => setImage(list, i, name)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ChannelSection>
      ))}
    </>
  );
}
