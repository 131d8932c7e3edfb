/**
 * The UI tab's channel pictures: on and off pictures of outputs and inputs, the value and alarm
 * pictures of analog inputs, chosen from the pictures the console draws (channel-images.tsx) in a
 * list, or in the picture picker, which also offers the user's and the platform's pictures. A
 * stored name the console does not draw is kept and offered as it stands.
 */
import { channelLabel } from '@fieldlink/protocol';
import { PictureOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { ANALOG_IMAGES, analogOf, ChannelImage, PAIR_IMAGES, pairOf } from './channel-images';
import type { ImageLabel } from './channel-images';
import type { ImageFallback } from './channel-images';
import { CHANNEL_PICTURE_BOX, isPictureAddress, pictureName } from '../pictures/picture-address';
import PicturePicker from '../pictures/PicturePicker';
import type { BuiltInPicture } from '../pictures/PicturePicker';
import { ChannelSection } from './channel-fields';
import type { DisplayDraft, ImageList } from './display-model';

interface Choice {
  readonly value: string;
  readonly label: ReactNode;
  readonly text: string;
}

type Variant =
  { readonly kind: 'pair'; readonly on: boolean } | { readonly kind: 'analog'; readonly alarm: boolean };

const fallbackOf = (variant: Variant): ImageFallback =>
  variant.kind === 'pair' ? 'switch' : variant.alarm ? 'warning' : 'gauge';

/** The drawn pictures a variant offers, each drawn `size` px in the variant's state. */
function useBuiltIn(): (variant: Variant, size: number) => BuiltInPicture[] {
  const { t } = useTranslation();
  return (variant, size) => {
    const fallback = fallbackOf(variant);
    if (variant.kind === 'pair') {
      return PAIR_IMAGES.map((p) => {
        const name = variant.on ? p.on : p.off;
        return {
          value: name,
          label: t(`configure.display.images.${p.key}`),
          picture: <ChannelImage name={name} fallback={fallback} on={variant.on} size={size} />,
        };
      });
    }
    return ANALOG_IMAGES.map((a) => ({
      value: a.name,
      label: t(`configure.display.images.${a.key}`),
      picture: (
        <ChannelImage name={a.name} fallback={fallback} on={false} alarm={variant.alarm} size={size} />
      ),
    }));
  };
}

function useChoices(): (variant: Variant, current: string) => Choice[] {
  const { t } = useTranslation();
  const builtInOf = useBuiltIn();
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
    const builtIn = builtInOf(variant, 20).map((b) => labelled(b.value, b.label, b.picture));
    if (builtIn.some((c) => c.value === current)) return builtIn;
    // Kept as stored: an uploaded picture, a picture of another client's (drawn as the default
    // here), or the other picture of a pair chosen for this state.
    const known = pairOf(current) ?? analogOf(current);
    const text = known
      ? t(`configure.display.images.${known.key}`)
      : isPictureAddress(current)
        ? pictureName(current)
        : t('configure.display.images.other', { name: current });
    const on = variant.kind === 'pair' && variant.on;
    const alarm = variant.kind === 'analog' && variant.alarm;
    return [
      ...builtIn,
      labelled(
        current,
        text,
        <ChannelImage name={current} fallback={fallbackOf(variant)} on={on} alarm={alarm} size={20} />,
      ),
    ];
  };
}

/** The cell a picker was opened from. */
interface Picking {
  readonly list: ImageList;
  readonly index: number;
  readonly label: string;
  readonly value: string;
  readonly variant: Variant;
}

function ImageCell({
  label,
  value,
  variant,
  editable,
  onChange,
  onPick,
}: {
  readonly label: string;
  readonly value: string;
  readonly variant: Variant;
  readonly editable: boolean;
  readonly onChange: (name: string) => void;
  readonly onPick: () => void;
}) {
  const { t } = useTranslation();
  const choices = useChoices()(variant, value);
  if (!editable) return <>{choices.find((c) => c.value === value)?.label ?? value}</>;
  return (
    <Space.Compact>
      <Select
        size="small"
        style={{ width: 200 }}
        value={value}
        aria-label={label}
        options={choices.map((c) => ({ value: c.value, label: c.label, title: c.text }))}
        onChange={(name: string) => onChange(name)}
      />
      <Button
        size="small"
        icon={<PictureOutlined />}
        aria-label={t('pictures.chooseFor', { field: label })}
        title={t('pictures.chooseFor', { field: label })}
        onClick={onPick}
      />
    </Space.Compact>
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
  const builtInOf = useBuiltIn();
  const [picking, setPicking] = useState<Picking | null>(null);
  return (
    <>
      {picking !== null ? (
        <PicturePicker
          open
          title={t('pictures.chooseFor', { field: picking.label })}
          value={picking.value}
          builtIn={builtInOf(picking.variant, 44)}
          box={CHANNEL_PICTURE_BOX}
          onSelect={(name) => {
            setImage(picking.list, picking.index, name);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
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
                    {row.lists.map((list, column) => {
                      const label = t('configure.parameters.fieldLabel', {
                        channel: passage,
                        field: t(`configure.display.images.${row.heads[column === 0 ? 0 : 1]}`),
                      });
                      const value = draft.images[list][i] ?? '';
                      const variant = row.variants[column]!;
                      return (
                        <td key={list}>
                          <ImageCell
                            label={label}
                            value={value}
                            variant={variant}
                            editable={editable}
                            onChange={(name) => setImage(list, i, name)}
                            onPick={() => setPicking({ list, index: i, label, value, variant })}
                          />
                        </td>
                      );
                    })}
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
