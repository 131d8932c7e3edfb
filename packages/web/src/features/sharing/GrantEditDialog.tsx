/**
 * Changing one user's access (owner and administrators): tier, camera, sub-devices (hosts) and
 * when it ends; only read-only access may have no end. Only what changed is sent.
 */
import { Alert, Button, Checkbox, DatePicker, Flex, Form, Modal, Radio } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateGrant } from '../../api/sharing';
import type { Grant, ShareLevel } from '../../api/sharing';
import { useUnsavedChanges } from '../configure/unsaved';
import { SHARE_LEVELS } from '@fieldlink/protocol';
import { endProblem, grantFormValues, grantPatch } from './grant-form';
import type { EndMode, GrantFormValues } from './grant-form';

interface Props {
  readonly equipmentId: number;
  readonly isHost: boolean;
  /** The grant to change; the dialog is closed without one. */
  readonly grant: Grant | null;
  readonly onClose: () => void;
  /** Runs the change with the §8 messages; true when it was made. */
  readonly modify: (change: () => Promise<unknown>) => Promise<boolean>;
}

/** What the form holds: the end as the picker's date. */
interface Fields {
  level: ShareLevel;
  camera: boolean;
  slaves: boolean;
  endMode: EndMode;
  endAt: Dayjs | null;
}

const toValues = (fields: Fields): GrantFormValues => ({
  level: fields.level,
  camera: fields.camera,
  slaves: fields.slaves,
  endMode: fields.endMode,
  end: fields.endAt ? fields.endAt.valueOf() : null,
});

export default function GrantEditDialog({ equipmentId, isHost, grant, onClose, modify }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={grant !== null}
      title={grant ? t('sharing.grantEdit.title', { user: grant.userName }) : null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {grant && (
        <GrantForm
          equipmentId={equipmentId}
          isHost={isHost}
          grant={grant}
          onClose={onClose}
          modify={modify}
        />
      )}
    </Modal>
  );
}

function GrantForm({ equipmentId, isHost, grant, onClose, modify }: Props & { readonly grant: Grant }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched);
  const initial = grantFormValues(grant);
  const endMode = Form.useWatch('endMode', form) ?? initial.endMode;

  const submit = async (fields: Fields) => {
    const change = grantPatch(grant, toValues(fields), isHost);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    const done = await modify(() => updateGrant(equipmentId, grant.id, change));
    setBusy(false);
    if (done) {
      setTouched(false);
      onClose();
    }
  };

  const endRule = ({ getFieldsValue }: { getFieldsValue: () => Fields }) => ({
    validator: async () => {
      const key = endProblem(grant, toValues(getFieldsValue()), Date.now());
      if (key) throw new Error(t(key));
    },
  });

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        level: initial.level,
        camera: initial.camera,
        slaves: initial.slaves,
        endMode: initial.endMode,
        endAt: initial.end === null ? null : dayjs(initial.end),
      }}
      onValuesChange={() => setTouched(true)}
      onFinish={(fields) => void submit(fields)}
      data-testid="grant-form"
    >
      {grant.expired && (
        <Alert type="warning" showIcon title={t('sharing.grantEdit.expired')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="level" label={t('sharing.columns.tier')}>
        <Radio.Group
          optionType="button"
          options={SHARE_LEVELS.map((level) => ({ value: level, label: t(`sharing.tiers.${level}`) }))}
        />
      </Form.Item>
      <Form.Item name="camera" valuePropName="checked">
        <Checkbox>{t('sharing.dialog.camera')}</Checkbox>
      </Form.Item>
      {isHost && (
        <Form.Item name="slaves" valuePropName="checked">
          <Checkbox>{t('sharing.dialog.slaves')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item
        name="endMode"
        label={t('sharing.grantEdit.end')}
        dependencies={['level', 'endAt']}
        rules={[endRule]}
        extra={t('sharing.grantEdit.endNote')}
      >
        <Radio.Group
          options={[
            { value: 'at', label: t('sharing.grantEdit.endAt') },
            { value: 'none', label: t('sharing.grantEdit.noEnd') },
          ]}
        />
      </Form.Item>
      {endMode === 'at' && (
        <Form.Item name="endAt" label={t('sharing.grantEdit.endTime')}>
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm"
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            aria-label={t('sharing.grantEdit.endTime')}
          />
        </Form.Item>
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
