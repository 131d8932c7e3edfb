/**
 * The file manager's questions: deleting chosen files (how many, which), clearing a folder or the
 * whole space (the confirmation word typed first), replacing files whose names are taken, and
 * naming a new folder. Names are shown as React text.
 */
import { Input, Modal, Space, Typography } from 'antd';
import { FILE_DIR_DEPTH } from '@fieldlink/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { folderProblem } from './paths';

/** At most this many names are listed; the count says the rest. */
const LISTED = 10;

function Names({ names, testId }: { readonly names: readonly string[]; readonly testId: string }) {
  return (
    <ul data-testid={testId} style={{ maxHeight: 200, overflow: 'auto', margin: 0 }}>
      {names.slice(0, LISTED).map((name) => (
        <li key={name}>{name}</li>
      ))}
      {names.length > LISTED && <li>…</li>}
    </ul>
  );
}

export function DeleteDialog({
  names,
  busy,
  onConfirm,
  onCancel,
}: {
  readonly names: readonly string[];
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('files.remove.title', { count: names.length })}
      okText={t('files.remove.ok')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <Typography.Paragraph>{t('files.remove.intro')}</Typography.Paragraph>
      <Names names={names} testId="files-delete-names" />
    </Modal>
  );
}

export function ClearDialog({
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  readonly title: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const word = t('files.clear.word');
  const confirmed = typed.trim().toLowerCase() === word.toLowerCase();
  return (
    <Modal
      open
      title={title}
      okText={t('files.clear.ok')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: true, disabled: !confirmed, loading: busy }}
      onOk={() => confirmed && onConfirm()}
      onCancel={onCancel}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="danger">{t('files.clear.intro')}</Typography.Text>
        <label htmlFor="files-clear-word">{t('files.clear.typeWord', { word })}</label>
        <Input
          id="files-clear-word"
          aria-label={t('files.clear.label')}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </Space>
    </Modal>
  );
}

export function ReplaceDialog({
  names,
  where,
  onReplace,
  onKeep,
}: {
  readonly names: readonly string[];
  readonly where: string;
  readonly onReplace: () => void;
  readonly onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('files.replace.title', { count: names.length })}
      okText={t('files.replace.ok')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: true }}
      onOk={onReplace}
      onCancel={onKeep}
    >
      <Typography.Paragraph>{t('files.replace.intro', { where })}</Typography.Paragraph>
      <Names names={names} testId="files-replace-names" />
    </Modal>
  );
}

export function NewFolderDialog({
  dir,
  where,
  onOpen,
  onCancel,
}: {
  readonly dir: string;
  readonly where: string;
  readonly onOpen: (name: string) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const found = folderProblem(dir, name);
    if (found === null) onOpen(name);
    else
      setProblem(
        found === 'invalid'
          ? t('files.newFolder.invalid')
          : t('files.newFolder.tooDeep', { depth: FILE_DIR_DEPTH }),
      );
  };
  return (
    <Modal
      open
      title={t('files.newFolder.title', { where })}
      okText={t('files.newFolder.open')}
      cancelText={t('common.actions.cancel')}
      onOk={submit}
      onCancel={onCancel}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          aria-label={t('files.newFolder.label')}
          placeholder={t('files.newFolder.label')}
          value={name}
          status={problem ? 'error' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
          onPressEnter={submit}
        />
        {problem && (
          <Typography.Text type="danger" data-testid="files-folder-problem">
            {problem}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
