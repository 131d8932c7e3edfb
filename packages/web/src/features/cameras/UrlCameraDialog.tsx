/** Adding or changing a camera given by its stream address: name, address (http/https, no credentials), kind. */
import { App, Button, Flex, Form, Input, Modal, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { camerasKey, createUrlCamera, updateUrlCamera } from '../../api/cameras';
import type { Camera, UrlCameraInput } from '../../api/cameras';
import { STREAM_KINDS } from '@fieldlink/protocol';
import { describeError } from '../auth/errors';
import { isCameraName, isStreamUrl, urlCameraChange, urlCameraValues } from './camera-forms';
import type { UrlCameraValues } from './camera-forms';

interface Props {
  readonly open: boolean;
  /** The camera to change; null adds one. */
  readonly camera: Camera | null;
  readonly onClose: () => void;
}

export default function UrlCameraDialog({ open, camera, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={camera ? t('cameras.form.editTitle', { name: camera.name }) : t('cameras.form.addTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {open && <UrlCameraForm camera={camera} onClose={onClose} />}
    </Modal>
  );
}

function UrlCameraForm({ camera, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const submit = async (values: UrlCameraValues): Promise<void> => {
    const change = urlCameraChange(camera, values);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      if (camera && camera.id !== null) await updateUrlCamera(camera.id, change);
      else await createUrlCamera(change as UrlCameraInput);
      void message.success(t('cameras.form.saved'));
      void client.invalidateQueries({ queryKey: camerasKey });
      onClose();
    } catch (error) {
      void message.error(t('cameras.form.failed', { reason: describeError(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<UrlCameraValues>
      layout="vertical"
      requiredMark={false}
      initialValues={urlCameraValues(camera)}
      onFinish={(values) => void submit(values)}
      data-testid="url-camera-form"
    >
      <Form.Item
        name="name"
        label={t('cameras.form.name')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isCameraName(value ?? '')) throw new Error(t('cameras.form.nameRequired'));
            },
          },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('cameras.form.url')}
        extra={t('cameras.form.urlHelp')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isStreamUrl((value ?? '').trim())) throw new Error(t('cameras.form.urlInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={1024} placeholder="https://" autoComplete="off" />
      </Form.Item>
      <Form.Item name="kind" label={t('cameras.form.kind')}>
        <Radio.Group
          optionType="button"
          options={STREAM_KINDS.map((kind) => ({ value: kind, label: t(`cameras.form.kinds.${kind}`) }))}
        />
      </Form.Item>
      <Flex gap={8} justify="end">
        <Button onClick={onClose}>{t('cameras.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="url-camera-save">
          {t('cameras.form.save')}
        </Button>
      </Flex>
    </Form>
  );
}
