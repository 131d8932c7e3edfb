/**
 * A new value-added entry or a change to one: the service (§1's kinds; the authorization entry is
 * shown to user ids from 0, the others from 1, as §2 says and the server judges), title, icon, the
 * address (an http(s) page opened in a new tab, or a console path such as
 * /increment/serviceManager), the tenant (administrators choose) and the order.
 */
import { Alert, Button, Col, Flex, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createValueAdded, updateValueAdded } from '../../../api/apps';
import type { ValueAddedEntry } from '../../../api/apps';
import { failureText, showRefusal, ruleOf, targetProblem, titleProblem } from '../../apps/fields';
import IconSelect from '../../apps/IconSelect';
import type { TenantChoices } from './tenant-scope';
import {
  EMPTY_VALUE_ADDED,
  VALUE_ADDED_KINDS,
  valueAddedCreateBody,
  valueAddedFormValues,
  valueAddedPatchBody,
} from './value-added-form';
import type { ValueAddedFormValues } from './value-added-form';

export type ValueAddedEditing = ValueAddedEntry | 'new';

interface Props {
  readonly editing: ValueAddedEditing | null;
  readonly administrator: boolean;
  readonly tenants: TenantChoices;
  readonly onClose: () => void;
  readonly onSaved: (title: string) => void;
}

export default function ValueAddedDialog(props: Props) {
  const { t } = useTranslation();
  const entry = props.editing === 'new' ? null : props.editing;
  return (
    <Modal
      open={props.editing !== null}
      title={
        entry ? t('apps.valueAdded.editTitle', { title: entry.title }) : t('apps.valueAdded.createTitle')
      }
      onCancel={props.onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {props.editing !== null && <EntryForm {...props} entry={entry} />}
    </Modal>
  );
}

function EntryForm({
  entry,
  administrator,
  tenants,
  onClose,
  onSaved,
}: Props & { readonly entry: ValueAddedEntry | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ValueAddedFormValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = { withTenant: administrator };

  const submit = async (values: ValueAddedFormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      if (entry) {
        const change = valueAddedPatchBody(entry, values, options);
        if (Object.keys(change).length > 0) await updateValueAdded(entry.id, change);
      } else {
        await createValueAdded(valueAddedCreateBody(values, options));
      }
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
    <Form<ValueAddedFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={entry ? valueAddedFormValues(entry) : EMPTY_VALUE_ADDED}
      onFinish={(values) => void submit(values)}
      data-testid="value-added-form"
    >
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.saveFailed', { message: failure })}
          style={{ marginBottom: 16 }}
          data-testid="value-added-error"
        />
      )}
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label={t('apps.fields.kind')} extra={t('apps.valueAdded.kindHelp')}>
            <Select
              aria-label={t('apps.fields.kind')}
              options={VALUE_ADDED_KINDS.map((kind) => ({ value: kind, label: t(`apps.kinds.${kind}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('apps.fields.title')} rules={[ruleOf(titleProblem, t)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="url"
        label={t('apps.fields.target')}
        extra={t('apps.valueAdded.targetHelp')}
        rules={[ruleOf(targetProblem, t)]}
      >
        <Input maxLength={1024} placeholder="https://sms.example.com/" autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={administrator ? 9 : 16}>
          <Form.Item name="icon" label={t('apps.fields.icon')}>
            <IconSelect aria-label={t('apps.fields.icon')} />
          </Form.Item>
        </Col>
        {administrator && (
          <Col xs={24} md={10}>
            <Form.Item name="tenant" label={t('apps.fields.tenant')}>
              <Select<number>
                aria-label={t('apps.fields.tenant')}
                showSearch={{ optionFilterProp: 'label' }}
                options={[{ value: 0, label: t('apps.tenant.everyone') }, ...tenants.options]}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={administrator ? 5 : 8}>
          <Form.Item name="sort" label={t('apps.fields.sort')}>
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
