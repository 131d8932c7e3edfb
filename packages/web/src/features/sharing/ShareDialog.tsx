/**
 * Issuing a share code (spec §4 share sequence, §6): tier, validity, number of uses, camera and
 * sub-devices, then the code, its link and the link's QR code, shown this once. Only the tiers
 * within the user's own rights are offered; the server refuses anything more all the same.
 */
import { Alert, Button, Checkbox, Flex, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment, Permission } from '../../api/equipment';
import { createShareCode } from '../../api/sharing';
import type { ShareCode, ShareLevel } from '../../api/sharing';
import { useUnsavedChanges } from '../configure/unsaved';
import { sharingErrorText, tiersWithin } from './access';
import {
  maxCountProblem,
  SHARE_FORM_DEFAULTS,
  SHARE_MAX_COUNT,
  SHARE_VALIDITIES,
  validityProblem,
} from './share-form';
import type { ShareFormValues } from './share-form';
import ShareResult from './ShareResult';
import type { MessageKey } from '../../i18n';
import { useTimeFormat } from '../../time/zone';

interface Props {
  readonly record: Equipment;
  readonly permission: Permission;
  /** The device is a host: a code may cover its sub-devices. */
  readonly isHost: boolean;
  readonly open: boolean;
  readonly onClose: () => void;
  /** A code was issued (the lists of codes may refresh). */
  readonly onCreated?: (code: ShareCode) => void;
}

export default function ShareDialog({ record, permission, isHost, open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ShareCode | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t(result ? 'sharing.result.title' : 'sharing.dialog.title', { name: record.name })}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={result ? 720 : 600}
    >
      {result ? (
        <ShareResult code={result} onDone={close} onAnother={() => setResult(null)} />
      ) : (
        <ShareForm
          record={record}
          permission={permission}
          isHost={isHost}
          onCancel={close}
          onCreated={(code) => {
            setResult(code);
            onCreated?.(code);
          }}
        />
      )}
    </Modal>
  );
}

interface FormProps {
  readonly record: Equipment;
  readonly permission: Permission;
  readonly isHost: boolean;
  readonly onCancel: () => void;
  readonly onCreated: (code: ShareCode) => void;
}

function ShareForm({ record, permission, isHost, onCancel, onCreated }: FormProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const [form] = Form.useForm<ShareFormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched);
  const tiers = tiersWithin(permission);
  const camera = permission.camera === 1;

  const submit = async (values: ShareFormValues) => {
    setBusy(true);
    setError(null);
    try {
      const code = await createShareCode(record.id, {
        level: values.level,
        validity: values.validity,
        // Checked by the field's rule: a whole number from 1 to 1000.
        maxCount: values.maxCount ?? 1,
        camera: camera && values.camera,
        slaves: isHost && values.slaves,
      });
      setTouched(false);
      onCreated(code);
    } catch (failure) {
      setError(t('sharing.dialog.failed', { reason: sharingErrorText(failure, t) }));
    } finally {
      setBusy(false);
    }
  };

  const rule = (problem: (value: unknown) => MessageKey | null) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const key = problem(value);
      if (key) throw new Error(t(key, { max: SHARE_MAX_COUNT }));
    },
  });

  return (
    <Form<ShareFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ ...SHARE_FORM_DEFAULTS, level: tiers[0] ?? 'read' }}
      onValuesChange={() => {
        setTouched(true);
        setError(null);
      }}
      onFinish={(values) => void submit(values)}
      data-testid="share-form"
    >
      <Form.Item
        name="level"
        label={t('sharing.dialog.tier')}
        extra={t('sharing.dialog.tierNote')}
        rules={[{ required: true, message: t('sharing.validation.tierRequired') }]}
      >
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={6}>
            {tiers.map((tier: ShareLevel) => (
              <Radio key={tier} value={tier} data-testid={`tier-${tier}`}>
                <Typography.Text strong>{t(`sharing.tiers.${tier}`)}</Typography.Text>
                <Typography.Text type="secondary"> — {t(`sharing.tierHelp.${tier}`)}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="validity"
        label={t('sharing.dialog.validity')}
        dependencies={['level']}
        extra={
          permission.until
            ? t('sharing.dialog.granteeNote', {
                time: time.format(permission.until),
              })
            : t('sharing.dialog.permanentNote')
        }
        rules={[
          ({ getFieldValue }) =>
            rule((value) => validityProblem(getFieldValue('level') as ShareLevel | undefined, value)),
        ]}
      >
        <Radio.Group
          optionType="button"
          options={SHARE_VALIDITIES.map((validity) => ({
            value: validity,
            label: t(`sharing.validity.${validity}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="maxCount"
        label={t('sharing.dialog.maxCount')}
        extra={t('sharing.dialog.maxCountHelp', { max: SHARE_MAX_COUNT })}
        rules={[rule(maxCountProblem)]}
      >
        <InputNumber style={{ width: 160 }} />
      </Form.Item>
      {camera && (
        <Form.Item name="camera" valuePropName="checked" extra={t('sharing.dialog.cameraHelp')}>
          <Checkbox>{t('sharing.dialog.camera')}</Checkbox>
        </Form.Item>
      )}
      {isHost && (
        <Form.Item name="slaves" valuePropName="checked" extra={t('sharing.dialog.slavesHelp')}>
          <Checkbox>{t('sharing.dialog.slaves')}</Checkbox>
        </Form.Item>
      )}
      {error !== null && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="share-error" />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('sharing.dialog.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
