/**
 * The shell of the dialogs that add or change a custom route or a value-added entry: a modal
 * whose form exists only while it is open (each opening starts from the item's values), and a
 * vertical form that saves on submit. A refusal from the server shows above the form and beside
 * its fields, everything typed kept for another try; a save tells the page the item's title and
 * closes. The dialog keeps its own fields.
 */
import { Alert, Button, Flex, Form, Modal } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, showRefusal } from '../../apps/fields';

interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly width: number;
  readonly onClose: () => void;
  /** The form, mounted only while open. */
  readonly children: ReactNode;
}

export default function EditDialog({ open, title, width, onClose, children }: DialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={width} destroyOnHidden>
      {open && children}
    </Modal>
  );
}

interface FormShellProps<V> {
  readonly form: FormInstance<V>;
  readonly initialValues: FormProps<V>['initialValues'];
  /** Sends the values; rejects with the server's refusal. */
  readonly save: (values: V) => Promise<void>;
  readonly onClose: () => void;
  /** After a save, with the title as typed (trimmed). */
  readonly onSaved: (title: string) => void;
  readonly testId: string;
  readonly errorTestId: string;
  /** The fields. */
  readonly children: ReactNode;
}

export function EditForm<V extends { readonly title: string }>({
  form,
  initialValues,
  save,
  onClose,
  onSaved,
  testId,
  errorTestId,
  children,
}: FormShellProps<V>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: V) => {
    setBusy(true);
    setFailure(null);
    try {
      await save(values);
      onSaved(values.title.trim());
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
      showRefusal(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      data-testid={testId}
    >
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.saveFailed', { message: failure })}
          style={{ marginBottom: 16 }}
          data-testid={errorTestId}
        />
      )}
      {children}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
