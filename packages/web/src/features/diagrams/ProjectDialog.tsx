/**
 * The dialog that makes a new project (name, kind, remarks, product model) or edits one (its kind
 * stays: the document is drawn for it). A new project opens at once; an edit sends only what
 * changed. A refusal shows the server's words and keeps the dialog open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createDiagram, diagramKey, diagramListKey, patchDiagram } from '../../api/diagrams';
import type { DiagramKind, DiagramPatch, DiagramProject } from '../../api/diagrams';
import { useDirectory } from '../../equipment/directory';
import { isLanguage } from '../../i18n';
import { diagramErrorReason } from './errors';

/** The contract's bounds (DiagramCreate): a name of 1-64 characters, remarks up to 500. */
export const NAME_MAX = 64;
export const REMARKS_MAX = 500;

export const projectPath = (id: string): string => `/jujuda/jujudaHandle/${encodeURIComponent(id)}`;

interface Values {
  readonly name: string;
  readonly kind: DiagramKind;
  readonly remarks?: string;
  readonly equipType?: string | null;
}

/** The product models of the catalogue, by their name in the user's language. */
export function useModelOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const types = useDirectory((d) => d.types);
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  return useMemo(
    () =>
      Object.values(types)
        .map((type) => ({ value: type.type, label: `${type.names[lang]} (${type.type})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [types, lang],
  );
}

export default function ProjectDialog({
  project,
  onClose,
}: {
  /** The project to edit; null for a new one. */
  readonly project: DiagramProject | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const models = useModelOptions();

  const submit = async (values: Values): Promise<void> => {
    setBusy(true);
    setFailure(null);
    const name = values.name.trim();
    const remarks = values.remarks ?? '';
    const equipType = values.equipType ?? null;
    try {
      if (project === null) {
        const made = await createDiagram({ name, kind: values.kind, remarks, equipType });
        client.setQueryData(diagramKey(made.id), made);
        void client.invalidateQueries({ queryKey: diagramListKey });
        void message.success(t('diagrams.projects.done.created', { name: made.name }));
        onClose();
        void navigate(projectPath(made.id));
        return;
      }
      const change: DiagramPatch = {
        ...(name !== project.name ? { name } : {}),
        ...(remarks !== project.remarks ? { remarks } : {}),
        ...(equipType !== project.equipType ? { equipType } : {}),
      };
      if (Object.keys(change).length > 0) {
        const saved = await patchDiagram(project.id, change);
        client.setQueryData(diagramKey(saved.id), saved);
        void client.invalidateQueries({ queryKey: diagramListKey });
        void message.success(t('diagrams.projects.done.saved', { name: saved.name }));
      }
      onClose();
    } catch (error) {
      const reason = diagramErrorReason(error, t);
      setFailure(
        t(project === null ? 'diagrams.projects.errors.create' : 'diagrams.projects.errors.save', { reason }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(project === null ? 'diagrams.projects.form.newTitle' : 'diagrams.projects.form.editTitle')}
      okText={t(project === null ? 'diagrams.projects.form.create' : 'common.actions.save')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
    >
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={failure} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={{
          name: project?.name ?? '',
          kind: project?.kind ?? 'svg',
          remarks: project?.remarks ?? '',
          equipType: project?.equipType ?? null,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('diagrams.projects.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('diagrams.projects.form.nameRequired') },
            { max: NAME_MAX, message: t('diagrams.projects.form.nameTooLong', { max: NAME_MAX }) },
          ]}
        >
          <Input placeholder={t('diagrams.projects.form.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        {project === null ? (
          <Form.Item
            name="kind"
            label={t('diagrams.projects.form.kind')}
            extra={t('diagrams.projects.form.kindHint')}
          >
            <Radio.Group
              options={[
                { value: 'svg', label: t('diagrams.projects.kinds.svg') },
                { value: '3d', label: t('diagrams.projects.kinds.3d') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="remarks"
          label={t('diagrams.projects.form.remarks')}
          rules={[
            { max: REMARKS_MAX, message: t('diagrams.projects.form.remarksTooLong', { max: REMARKS_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="equipType" label={t('diagrams.projects.form.model')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={models}
            placeholder={t('diagrams.projects.form.modelPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
