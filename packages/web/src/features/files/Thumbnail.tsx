/** A file's small picture: a picture's thumbnail (a button opening its preview), else an icon. */
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '../../api/files';
import { isPicture } from './transfer';

export default function Thumbnail({
  file,
  size,
  onPreview,
}: {
  readonly file: FileEntry;
  readonly size: number;
  readonly onPreview: (file: FileEntry) => void;
}) {
  const { t } = useTranslation();
  if (!isPicture(file)) return <FileOutlined style={{ fontSize: size / 2 }} aria-hidden />;
  return (
    <button
      type="button"
      aria-label={t('files.actions.preview', { name: file.name })}
      onClick={() => onPreview(file)}
      style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in', lineHeight: 0 }}
    >
      <img
        src={file.thumbnailUrl ?? file.url}
        alt={file.name}
        width={size}
        height={size}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    </button>
  );
}
