/**
 * Where the drawing comes from: an SVG uploaded here (to the project's directory of the `project`
 * file space when the project is known, else to the user's own files; the server sanitises it),
 * or one of the user's pictures chosen in the picture picker; or no drawing at all.
 */
import { DeleteOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteFiles, uploadFiles } from '../../../api/files';
import type { FileSpace } from '../../../api/files';
import { fileErrorText } from '../../files/file-errors';
import { pictureName } from '../../pictures/picture-address';
import PicturePicker from '../../pictures/PicturePicker';

export default function SvgSource({
  src,
  projectId,
  onSource,
}: {
  /** The drawing's address, or null for none. */
  readonly src: string | null;
  readonly projectId: string | null;
  readonly onSource: (src: string | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);

  const upload = (file: File) => {
    const space: FileSpace = projectId ? 'project' : 'me';
    const dir = projectId ?? '';
    setProgress(0);
    uploadFiles(space, [file], {
      dir,
      pictures: true,
      // The project's own directory: a drawing of the same name is this project's earlier one.
      replace: projectId !== null,
      onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
    })
      .then(async (reply) => {
        const item = reply.items[0];
        if (!item || item.kind !== 'svg' || !item.url) {
          void message.error(t('diagramDrawing.panel.notSvg', { name: file.name }));
          if (item) await deleteFiles(space, item.dir, [item.name]).catch(() => undefined);
          return;
        }
        onSource(item.url);
        void message.success(t('diagramDrawing.panel.uploaded', { name: item.name }));
      })
      .catch((error: unknown) => {
        void message.error(t('diagramDrawing.panel.uploadFailed', { reason: fileErrorText(error, t) }));
      })
      .finally(() => setProgress(null));
  };

  return (
    <Flex vertical gap={8} className="svg-source">
      {src === null ? (
        <Typography.Text type="secondary">{t('diagramDrawing.panel.none')}</Typography.Text>
      ) : (
        <Typography.Text ellipsis title={src} data-testid="svg-source-name">
          {t('diagramDrawing.panel.file', { name: pictureName(src) })}
        </Typography.Text>
      )}
      <Flex gap={8} wrap>
        <Button icon={<UploadOutlined />} loading={progress !== null} onClick={() => input.current?.click()}>
          {progress !== null
            ? t('diagramDrawing.panel.uploading', { percent: progress })
            : t(src === null ? 'diagramDrawing.panel.upload' : 'diagramDrawing.panel.uploadAnother')}
        </Button>
        <Button icon={<FolderOpenOutlined />} onClick={() => setChoosing(true)}>
          {t('diagramDrawing.panel.choose')}
        </Button>
        {src !== null && (
          <Popconfirm
            title={t('diagramDrawing.panel.removeConfirm')}
            okText={t('diagramDrawing.panel.remove')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onSource(null)}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('diagramDrawing.panel.remove')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      <input
        ref={input}
        type="file"
        accept=".svg,image/svg+xml"
        hidden
        data-testid="svg-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload(file);
          event.target.value = '';
        }}
      />
      <PicturePicker
        open={choosing}
        title={t('diagramDrawing.panel.chooseTitle')}
        value={src ?? ''}
        builtIn={[]}
        onClose={() => setChoosing(false)}
        onSelect={(value) => {
          setChoosing(false);
          if (value.trim() === '') return;
          if (!/\.svg$/i.test(pictureName(value))) {
            void message.error(t('diagramDrawing.panel.notSvg', { name: pictureName(value) }));
            return;
          }
          onSource(value);
        }}
      />
    </Flex>
  );
}
