/**
 * Adding pictures in the picker: a button opening the file chooser and a zone taking dropped
 * files, with an optional fit into the field's box (the equipment picture's 128 × 128 …).
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PICTURE_EXTENSIONS } from '@fieldlink/protocol';
import type { PictureBox } from './picture-address';
import type { PictureUploads } from './use-pictures';

const ACCEPT = PICTURE_EXTENSIONS.map((e) => `.${e}`).join(',');

export default function PictureUpload({
  uploads,
  box,
}: {
  readonly uploads: PictureUploads;
  readonly box: PictureBox | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [fit, setFit] = useState(true);
  const [over, setOver] = useState(false);
  const busy = uploads.progress !== null;
  const start = (files: FileList | null) => {
    if (files && files.length > 0) uploads.start([...files], fit ? box : null);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!busy) start(event.dataTransfer.files);
  };
  return (
    <div
      className="picture-drop"
      data-testid="picture-drop"
      data-over={over}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        border: `1px dashed ${over ? '#1677ff' : '#d9d9d9'}`,
        borderRadius: 8,
        padding: '8px 12px',
        marginBottom: 12,
        background: over ? '#e6f4ff' : undefined,
      }}
    >
      <Space wrap size={12} align="center">
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {t('pictures.upload.button')}
        </Button>
        <Typography.Text type="secondary">
          {busy ? t('pictures.upload.sending', { percent: uploads.progress }) : t('pictures.upload.drop')}
        </Typography.Text>
        {box ? (
          <Checkbox checked={fit} onChange={(e) => setFit(e.target.checked)}>
            {t('pictures.upload.fit', { width: box.width, height: box.height })}
          </Checkbox>
        ) : null}
      </Space>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="picture-upload-input"
        onChange={(event) => {
          start(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
