/**
 * Copies a device's files to another device the user may edit (spec §7 copying configuration
 * between devices: the configuration lives in directories named after the device, so the whole
 * equipment space goes). Names already in the target refuse the copy until the user ticks
 * Replace; the target's listing is read anew once the copy is done.
 */
import { equipmentSpace } from '@fieldlink/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyDirectory } from '../../api/files';
import { ApiError } from '../../api/http';
import { useDirectory } from '../../equipment/directory';
import { fileErrorText } from './file-errors';
import { filesQueryKey } from './use-uploads';

/** What the last try ended with, shown in the dialog. */
type Outcome = { readonly kind: 'conflict' } | { readonly kind: 'error'; readonly text: string };

export default function CopyFilesDialog({
  equipmentId,
  onClose,
}: {
  readonly equipmentId: number;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const entries = useDirectory((d) => d.entries);
  // Every device the user may edit (level 3 and up), this one left out.
  const targets = useMemo(
    () =>
      Object.values(entries)
        .filter((e) => e.level >= 3 && e.id !== equipmentId)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [entries, equipmentId],
  );
  const [targetId, setTargetId] = useState<number | null>(null);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const target = targetId === null ? undefined : entries[targetId];

  const copy = async (): Promise<void> => {
    if (!target) return;
    setBusy(true);
    setOutcome(null);
    const to = equipmentSpace(target.id);
    try {
      const count = await copyDirectory({
        from: { space: equipmentSpace(equipmentId), dir: '' },
        to: { space: to, dir: '' },
        replace,
      });
      message.success(t('files.copy.done', { count, name: target.name }));
      void client.invalidateQueries({ queryKey: filesQueryKey(to) });
      onClose();
    } catch (error) {
      setOutcome(outcomeOf(error, target.name));
    } finally {
      setBusy(false);
    }
  };

  const outcomeOf = (error: unknown, name: string): Outcome => {
    if (error instanceof ApiError) {
      if (error.status === 409) return { kind: 'conflict' };
      // The server answers 404 when the source directory holds nothing to copy.
      if (error.status === 404) return { kind: 'error', text: t('files.copy.noFiles') };
      if (error.status === 403) return { kind: 'error', text: t('files.copy.forbidden', { name }) };
    }
    return { kind: 'error', text: fileErrorText(error, t) };
  };

  return (
    <Modal
      open
      title={t('files.copy.title')}
      okText={t('files.copy.ok')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: target === undefined, loading: busy }}
      onOk={() => void copy()}
      onCancel={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('files.copy.intro')}</Typography.Paragraph>
        {targets.length === 0 ? (
          <Alert type="info" showIcon title={t('files.copy.noTargets')} data-testid="files-copy-none" />
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item label={t('files.copy.target')} htmlFor="files-copy-target">
              <Select<number>
                id="files-copy-target"
                data-testid="files-copy-target"
                value={targetId ?? undefined}
                placeholder={t('files.copy.targetPlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(id) => {
                  setTargetId(id);
                  setOutcome(null);
                }}
                options={targets.map((e) => ({
                  value: e.id,
                  label: e.unid ? `${e.name} (${e.unid})` : e.name,
                }))}
              />
            </Form.Item>
            <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
              {t('files.copy.replace')}
            </Checkbox>
          </Form>
        )}
        {outcome?.kind === 'conflict' && target && (
          <Alert
            type="warning"
            showIcon
            data-testid="files-copy-outcome"
            title={t('files.copy.conflict', { name: target.name })}
          />
        )}
        {outcome?.kind === 'error' && (
          <Alert type="error" showIcon data-testid="files-copy-outcome" title={outcome.text} />
        )}
      </Space>
    </Modal>
  );
}
