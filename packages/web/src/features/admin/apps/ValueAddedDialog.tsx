/**
 * A new value-added entry or a change to one: the service (§1's kinds; the authorization entry is
 * shown to user ids from 0, the others from 1, as §2 says and the server judges), title, icon, the
 * address (an http(s) page opened in a new tab, or a console path such as
 * /increment/serviceManager), the tenant (administrators choose) and the order.
 */
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createValueAdded, updateValueAdded } from '../../../api/apps';
import type { ValueAddedEntry } from '../../../api/apps';
import { ruleOf, targetProblem, titleProblem } from '../../apps/fields';
import IconSelect from '../../apps/IconSelect';
import EditDialog, { EditForm } from './EditDialog';
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
    <EditDialog
      open={props.editing !== null}
      title={
        entry ? t('apps.valueAdded.editTitle', { title: entry.title }) : t('apps.valueAdded.createTitle')
      }
      width={640}
      onClose={props.onClose}
    >
      <EntryForm {...props} entry={entry} />
    </EditDialog>
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
  const options = { withTenant: administrator };

  const save = async (values: ValueAddedFormValues): Promise<void> => {
    if (entry) {
      const change = valueAddedPatchBody(entry, values, options);
      if (Object.keys(change).length > 0) await updateValueAdded(entry.id, change);
    } else {
      await createValueAdded(valueAddedCreateBody(values, options));
    }
  };

  return (
    <EditForm<ValueAddedFormValues>
      form={form}
      initialValues={entry ? valueAddedFormValues(entry) : EMPTY_VALUE_ADDED}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      testId="value-added-form"
      errorTestId="value-added-error"
    >
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
    </EditForm>
  );
}
