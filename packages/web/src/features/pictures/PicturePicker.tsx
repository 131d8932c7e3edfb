/**
 * Choosing a picture for a field: the console's own pictures (drawn, or the catalogue's names),
 * the user's pictures (space `me`) and the platform's (space `admin`), searched by name. The user
 * uploads pictures here (button or drop) and deletes their own; built-in pictures have no delete
 * and asking says so (spec §5). OK gives the value to store: a built-in name or a picture's url.
 */
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Input, Modal, Space, Spin, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry, FileList, FileSpace } from '../../api/files';
import { fileErrorText } from '../files/file-errors';
import { isPictureAddress, matchesName, pictureName, picturesOf } from './picture-address';
import type { PictureBox } from './picture-address';
import PictureImage from './PictureImage';
import PictureUpload from './PictureUpload';
import { useDeletePicture, usePictureList, usePictureUploads } from './use-pictures';

/** One of the console's own pictures. */
export interface BuiltInPicture {
  /** What is stored when it is chosen. */
  readonly value: string;
  readonly label: string;
  readonly picture: ReactNode;
}

export interface PicturePickerProps {
  readonly open: boolean;
  readonly title?: string;
  /** The stored value: chosen at first; kept and offered when the console does not know it. */
  readonly value: string;
  readonly builtIn: readonly BuiltInPicture[];
  /** Uploads may be fitted into this box. */
  readonly box?: PictureBox;
  /** 'background': OK with nothing chosen says a background picture must be selected. */
  readonly purpose?: 'picture' | 'background';
  readonly onSelect: (value: string) => void;
  readonly onClose: () => void;
}

type Source = 'builtIn' | 'me' | 'admin';
const SPACES = ['me', 'admin'] as const satisfies readonly FileSpace[];
const TILE = 64;

function Tile({
  label,
  picture,
  chosen,
  onChoose,
  onPick,
}: {
  readonly label: string;
  readonly picture: ReactNode;
  readonly chosen: boolean;
  readonly onChoose: () => void;
  readonly onPick: () => void;
}) {
  return (
    <button
      type="button"
      className="picture-tile"
      aria-pressed={chosen}
      title={label}
      onClick={onChoose}
      onDoubleClick={onPick}
      style={{
        width: TILE + 32,
        padding: 6,
        border: `2px solid ${chosen ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 8,
        background: chosen ? '#e6f4ff' : '#fff',
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
      }}
    >
      <span style={{ width: TILE, height: TILE, display: 'grid', placeItems: 'center' }}>{picture}</span>
      <span
        className="picture-tile-name"
        style={{ maxWidth: TILE + 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {label}
      </span>
    </button>
  );
}

const placeholder = <PictureOutlined style={{ fontSize: 32, color: '#bfbfbf' }} />;

/** A stored value the console does not know, offered so that keeping it is a choice. */
function keptPicture(value: string, label: string): BuiltInPicture {
  return {
    value,
    label,
    picture: isPictureAddress(value) ? (
      <PictureImage src={value} size={TILE} fallback={placeholder} />
    ) : (
      placeholder
    ),
  };
}

/**
 * The picker, drawn while `open`: each opening starts from the stored value, the first tab that
 * holds it and no search.
 */
export default function PicturePicker(props: PicturePickerProps) {
  return props.open ? <PickerDialog {...props} /> : null;
}

function PickerDialog({
  title,
  value,
  builtIn,
  box,
  purpose = 'picture',
  onSelect,
  onClose,
}: PicturePickerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const stored = value.trim();
  const [tab, setTab] = useState<Source>(() =>
    stored !== '' && !builtIn.some((b) => b.value === stored) && isPictureAddress(stored) ? 'me' : 'builtIn',
  );
  const [chosen, setChosen] = useState(stored);
  const [query, setQuery] = useState('');
  const lists = { me: usePictureList('me'), admin: usePictureList('admin') };
  const remove = useDeletePicture();

  const listed = (space: (typeof SPACES)[number]): FileList | undefined => lists[space].data;
  /** Where a url is listed, and whether the user may delete there. */
  const locate = (url: string): { space: FileSpace; file: FileEntry; writable: boolean } | null => {
    for (const space of SPACES) {
      const listing = listed(space);
      const file = listing?.items.find((f) => f.url === url);
      if (listing && file) return { space, file, writable: listing.writable };
    }
    return null;
  };

  const settled = SPACES.every((s) => !lists[s].isPending);
  const known = stored === '' || builtIn.some((b) => b.value === stored);
  // A url of the user's or the platform's shows in its own tab once the lists are read.
  const listedUrl =
    isPictureAddress(stored) &&
    (!settled || SPACES.some((s) => lists[s].data?.items.some((f) => f.url === stored)));
  const builtInShown =
    known || listedUrl
      ? builtIn
      : [...builtIn, keptPicture(stored, t('pictures.current', { name: pictureName(stored) }))];

  const pick = (next: string) => {
    if (next === '') {
      message.warning(
        t(purpose === 'background' ? 'pictures.errors.noBackground' : 'pictures.errors.noneSelected'),
      );
      return;
    }
    onSelect(next);
  };

  const onUploaded = useCallback((file: FileEntry) => setChosen(file.url), []);
  const space = tab === 'admin' ? 'admin' : 'me';
  const uploads = usePictureUploads(
    space,
    listed(space)?.maxFileSize ?? Number.POSITIVE_INFINITY,
    onUploaded,
  );

  const askDelete = () => {
    if (chosen === '') {
      message.warning(t('pictures.errors.noneSelected'));
      return;
    }
    const found = locate(chosen);
    if (!found) {
      message.warning(
        builtIn.some((b) => b.value === chosen)
          ? t('pictures.errors.defaultPicture')
          : t('pictures.delete.notYours', { name: pictureName(chosen) }),
      );
      return;
    }
    if (!found.writable) {
      message.warning(t('pictures.delete.notYours', { name: found.file.name }));
      return;
    }
    modal.confirm({
      title: t('pictures.delete.confirmTitle', { name: found.file.name }),
      content: t('pictures.delete.confirmText'),
      okText: t('pictures.delete.button'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await remove(found.space, found.file);
          message.success(t('pictures.delete.done', { name: found.file.name }));
          setChosen((now) => (now === found.file.url ? '' : now));
        } catch (error) {
          message.error(fileErrorText(error, t));
        }
      },
    });
  };

  const tiles = (entries: readonly BuiltInPicture[], empty: string) => {
    const shown = entries.filter((e) => matchesName(e.label, query) || matchesName(e.value, query));
    if (shown.length === 0) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={query.trim() === '' ? empty : t('pictures.empty.noMatch', { query: query.trim() })}
        />
      );
    }
    return (
      <div
        role="group"
        aria-label={title ?? t('pictures.title')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxHeight: 360, overflowY: 'auto' }}
      >
        {shown.map((entry) => (
          <Tile
            key={entry.value}
            label={entry.label}
            picture={entry.picture}
            chosen={entry.value === chosen}
            onChoose={() => setChosen(entry.value)}
            onPick={() => pick(entry.value)}
          />
        ))}
      </div>
    );
  };

  const spaceTab = (name: (typeof SPACES)[number]) => {
    const list = lists[name];
    if (list.isPending) {
      return (
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('pictures.loading')}</Typography.Text>
        </Space>
      );
    }
    if (list.isError)
      return <Alert type="error" showIcon title={fileErrorText(list.error, t, { reading: true })} />;
    const entries = picturesOf(list.data.items).map((file) => ({
      value: file.url,
      label: file.name,
      picture: <PictureImage src={file.thumbnailUrl ?? file.url} size={TILE} fallback={placeholder} />,
    }));
    return (
      <>
        {list.data.writable ? (
          <PictureUpload uploads={uploads} box={box ?? null} />
        ) : (
          <Alert type="info" showIcon title={t('pictures.upload.readOnly')} style={{ marginBottom: 12 }} />
        )}
        {tiles(entries, t(`pictures.empty.${name}`))}
      </>
    );
  };

  return (
    <Modal
      open
      title={title ?? t(purpose === 'background' ? 'pictures.backgroundTitle' : 'pictures.title')}
      width={720}
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button danger icon={<DeleteOutlined />} onClick={askDelete}>
            {t('pictures.delete.button')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
            <Button type="primary" onClick={() => pick(chosen)}>
              {t('common.actions.ok')}
            </Button>
          </Space>
        </div>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('pictures.search')}
        aria-label={t('pictures.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Source)}
        items={[
          {
            key: 'builtIn',
            label: t('pictures.tabs.builtIn'),
            children: tiles(builtInShown, t('pictures.empty.builtIn')),
          },
          { key: 'me', label: t('pictures.tabs.me'), children: spaceTab('me') },
          { key: 'admin', label: t('pictures.tabs.admin'), children: spaceTab('admin') },
        ]}
      />
    </Modal>
  );
}
