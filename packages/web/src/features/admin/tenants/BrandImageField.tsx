/**
 * A logo or login title image: typed as a path on this host or an https address, or chosen with
 * the picture picker among the platform's and the administrator's uploaded pictures (their
 * addresses are served without sign-in, so the sign-in page can show them). Empty: the default
 * brand's image. Takes value and onChange from Form.Item.
 */
import { PictureOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PictureBox } from '../../pictures/picture-address';
import PictureImage from '../../pictures/PictureImage';
import PicturePicker from '../../pictures/PicturePicker';
import type { BuiltInPicture } from '../../pictures/PicturePicker';

interface Props {
  readonly id?: string;
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  /** The default brand's image, offered as the built-in choice and shown as the placeholder. */
  readonly defaultImage: string;
  /** Uploads from the picker may be fitted into this box. */
  readonly box: PictureBox;
  readonly pickerTitle: string;
}

export default function BrandImageField({ id, value = '', onChange, defaultImage, box, pickerTitle }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const builtIn = useMemo<BuiltInPicture[]>(
    () => [
      {
        value: defaultImage,
        label: t('adminTenants.defaultImage'),
        picture: <PictureImage src={defaultImage} size={64} fallback={<PictureOutlined />} />,
      },
    ],
    [defaultImage, t],
  );
  return (
    <>
      <Space.Compact block>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={defaultImage}
          allowClear
        />
        <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
          {t('adminTenants.actions.choosePicture')}
        </Button>
      </Space.Compact>
      <PicturePicker
        open={picking}
        title={pickerTitle}
        value={value}
        builtIn={builtIn}
        box={box}
        onSelect={(next) => {
          onChange?.(next);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
