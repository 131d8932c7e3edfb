/**
 * Renaming a sub-device or describing it from its host's list (edit right on it). Everything else
 * about it is configured on its own tabs (open it from the list or the tree).
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { INFO_BOUNDS } from '../configure/info-values';
import { saveEquipment } from '../configure/save';
import { useUnsavedChanges } from '../configure/unsaved';
import { useSubDeviceNameRules } from './sub-device-rules';

interface Values {
  readonly name: string;
  readonly description: string;
}

interface Props {
  readonly record: Equipment;
  readonly onClose: () => void;
  readonly onSaved: (record: Equipment) => void;
}

/** Drawn while open; closing unmounts it, so each opening starts from the record. */
export default function EditSubDeviceModal({ record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useUnsavedChanges(dirty);
  const nameRules = useSubDeviceNameRules();

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const saved = await saveEquipment(record.id, { name: values.name, description: values.description });
      setDirty(false);
      void message.success(t('equipment.subDevices.editor.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      setFailure(
        t('equipment.subDevices.editor.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title={t('equipment.subDevices.editor.title', { name: record.name })}
      okText={t('equipment.subDevices.editor.save')}
      cancelText={t('equipment.subDevices.editor.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: record.name, description: record.description }}
        onValuesChange={() => setDirty(true)}
        disabled={pending}
      >
        <Form.Item name="name" label={t('equipment.subDevices.editor.name')} rules={nameRules}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('equipment.subDevices.editor.description')}
          rules={[
            {
              max: INFO_BOUNDS.description,
              message: t('equipment.subDevices.validation.descriptionTooLong'),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
