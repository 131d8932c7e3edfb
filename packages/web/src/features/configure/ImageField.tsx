/**
 * An image of a device (settings.image, fEquipImg; settings.webBackground, fWEBBKImg; the
 * background picture of settings.background, fBKImg): a name or an address. The console ships no
 * image files (the tree draws its icons, see monitoring/DeviceIcon.tsx), so the names offered are
 * those of the catalogue's product models (their `image` and `icon`, and the tree's default
 * `ab00.png`); the picture picker adds the user's and the platform's pictures (their addresses),
 * and any other name or an address may be typed and is kept. An address is previewed; a bare name
 * has no picture here to preview.
 */
import { PictureOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Image, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirectory } from '../../equipment/directory';
import type { PictureBox } from '../pictures/picture-address';
import PicturePicker from '../pictures/PicturePicker';
import type { BuiltInPicture } from '../pictures/PicturePicker';

/** The tree's icon for a record without an image (spec §3). */
export const DEFAULT_TREE_ICON = 'ab00.png';

/** Addresses the browser can load under the console's policy (img-src self, data:, blob:, https:). */
const LOADABLE = /^(?:https:\/\/|data:image\/|blob:|\/(?!\/))/i;

export const isImageAddress = (value: string): boolean => LOADABLE.test(value.trim());

/** The image names of the catalogue, sorted. */
export function useCatalogueImages(): string[] {
  const types = useDirectory((d) => d.types);
  return useMemo(() => {
    const names = new Set<string>([DEFAULT_TREE_ICON]);
    for (const type of Object.values(types)) {
      if (type.image) names.add(type.image);
      if (type.icon) names.add(type.icon);
    }
    return [...names].sort();
  }, [types]);
}

export function ImagePreview({ value }: { readonly value: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (value.trim() === '') return null;
  if (!isImageAddress(value)) {
    return <Typography.Text type="secondary">{t('configure.info.notes.imageName')}</Typography.Text>;
  }
  if (failed === value) {
    return <Typography.Text type="warning">{t('configure.info.notes.imageFailed')}</Typography.Text>;
  }
  return (
    <Image
      src={value.trim()}
      alt=""
      height={64}
      style={{ objectFit: 'contain' }}
      referrerPolicy="no-referrer"
      preview={false}
      onError={() => setFailed(value)}
      data-testid="image-preview"
    />
  );
}

interface Props {
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  readonly id?: string;
  /** Uploads from the picker may be fitted into this box. */
  readonly box?: PictureBox;
  /** 'background': the picker asks for a background picture. */
  readonly purpose?: 'picture' | 'background';
}

const catalogueGlyph = <PictureOutlined style={{ fontSize: 32, color: '#8c8c8c' }} />;

/**
 * A form control: the name or address, with the catalogue's names offered, a button opening the
 * picture picker and a preview below.
 */
export default function ImageField({ value = '', onChange, id, box, purpose = 'picture' }: Props) {
  const { t } = useTranslation();
  const names = useCatalogueImages();
  const [picking, setPicking] = useState(false);
  const options = useMemo(() => names.map((name) => ({ value: name })), [names]);
  const builtIn = useMemo<BuiltInPicture[]>(
    () => names.map((name) => ({ value: name, label: name, picture: catalogueGlyph })),
    [names],
  );
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <AutoComplete
          id={id}
          value={value}
          onChange={(next: string | undefined) => onChange?.(next ?? '')}
          options={options}
          allowClear
          placeholder={t('configure.info.placeholders.image')}
          title={t('configure.info.notes.catalogue')}
          filterOption={(input, option) =>
            typeof option?.value === 'string' && option.value.toLowerCase().includes(input.toLowerCase())
          }
          style={{ flex: 1 }}
        />
        <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
          {t('pictures.choose')}
        </Button>
      </Space.Compact>
      <ImagePreview value={value} />
      <PicturePicker
        open={picking}
        value={value}
        builtIn={builtIn}
        purpose={purpose}
        {...(box ? { box } : {})}
        onSelect={(next) => {
          onChange?.(next);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </Space>
  );
}
