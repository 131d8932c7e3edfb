/**
 * The confirmation of an operation for a user who confirms operations with the password
 * (`confirmOperations` with `operationPassword`): the question, and the account's password, required. The
 * operation is sent with it; the server's refusal of the password (wrong, too many tries) shows on
 * the field and the prompt stays for another try. The password lives only in this form: it goes
 * with the one request and is gone when the prompt closes.
 */
import { OPERATION_PASSWORD } from '@fieldlink/protocol';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordRequest {
  /** What is about to be done, e.g. 'Open: Pump 1 of Pump house?'. */
  readonly question: string;
  /** Said above the field when the server asked for the password the console did not expect. */
  readonly notice?: string;
  /** Sends the operation with the password: null when it is over (the prompt closes), else the
   * refusal to show on the field. */
  submit(password: string): Promise<string | null>;
  cancel(): void;
}

interface Values {
  readonly password: string;
}

export default function PasswordPrompt({ request }: { readonly request: PasswordRequest }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const finish = async ({ password }: Values): Promise<void> => {
    setBusy(true);
    const refusal = await request.submit(password);
    if (refusal === null) return; // the prompt is closed
    setBusy(false);
    form.setFields([{ name: 'password', value: '', errors: [refusal] }]);
  };

  return (
    <Modal
      open
      title={t('monitoring.do.confirmTitle')}
      okText={t('monitoring.do.ok')}
      cancelText={t('monitoring.do.cancel')}
      confirmLoading={busy}
      mask={{ closable: false }}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={() => request.cancel()}
    >
      <Typography.Paragraph>{request.question}</Typography.Paragraph>
      {request.notice && <Alert type="info" showIcon title={request.notice} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(values) => void finish(values)}>
        <Form.Item
          name="password"
          label={t('monitoring.password.label')}
          extra={t('monitoring.password.help')}
          rules={[
            { required: true, message: t('monitoring.password.required') },
            {
              max: OPERATION_PASSWORD.max,
              message: t('monitoring.password.tooLong', { max: OPERATION_PASSWORD.max }),
            },
          ]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
