/**
 * A new custom route or a change to one: name (a path segment the console does not use), title,
 * icon, the tenant whose users see it (administrators choose; a tenant administrator's is their
 * own), §2's condition on the user id, the order among the custom routes, and the children. Each
 * field is checked with the contract's rules as it is typed; a refusal from the server shows above
 * the form and beside its field, everything typed kept. An edit sends only what changed.
 */
import { Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createCustomRoute, updateCustomRoute } from '../../../api/apps';
import type { CustomRoute } from '../../../api/apps';
import { routeNameProblem, ruleOf, titleProblem } from '../../apps/fields';
import IconSelect from '../../apps/IconSelect';
import ChildrenEditor from './ChildrenEditor';
import EditDialog, { EditForm } from './EditDialog';
import {
  CONDITION_OPS,
  EMPTY_ROUTE,
  OP_SIGNS,
  routeCreateBody,
  routeFormValues,
  routePatchBody,
} from './route-form';
import type { RouteFormValues } from './route-form';
import type { TenantChoices } from './tenant-scope';

/** What the dialog edits: a stored route, or 'new'. */
export type RouteEditing = CustomRoute | 'new';

interface Props {
  /** Closed when null. */
  readonly editing: RouteEditing | null;
  /** An administrator, who chooses the tenant. */
  readonly administrator: boolean;
  readonly tenants: TenantChoices;
  readonly onClose: () => void;
  /** After a save, with the route's title. */
  readonly onSaved: (title: string) => void;
  readonly consoleOrigin?: string;
}

export default function CustomRouteDialog(props: Props) {
  const { t } = useTranslation();
  const { editing, onClose } = props;
  const route = editing === 'new' ? null : editing;
  return (
    <EditDialog
      open={editing !== null}
      title={route ? t('apps.routes.editTitle', { title: route.title }) : t('apps.routes.createTitle')}
      width={900}
      onClose={onClose}
    >
      <RouteForm {...props} route={route} />
    </EditDialog>
  );
}

function RouteForm({
  route,
  administrator,
  tenants,
  onClose,
  onSaved,
  consoleOrigin,
}: Props & { readonly route: CustomRoute | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RouteFormValues>();
  const conditioned = Form.useWatch('conditioned', form) as boolean | undefined;
  const options = { withTenant: administrator };

  const save = async (values: RouteFormValues): Promise<void> => {
    if (route) {
      const change = routePatchBody(route, values, options);
      if (Object.keys(change).length > 0) await updateCustomRoute(route.id, change);
    } else {
      await createCustomRoute(routeCreateBody(values, options));
    }
  };

  return (
    <EditForm<RouteFormValues>
      form={form}
      initialValues={route ? routeFormValues(route) : EMPTY_ROUTE}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      testId="custom-route-form"
      errorTestId="custom-route-error"
    >
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label={t('apps.fields.routeName')}
            extra={t('apps.fields.routeNameHelp')}
            rules={[ruleOf(routeNameProblem, t)]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="title" label={t('apps.fields.title')} rules={[ruleOf(titleProblem, t)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="icon" label={t('apps.fields.icon')}>
            <IconSelect aria-label={t('apps.fields.icon')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        {administrator && (
          <Col xs={24} md={10}>
            <Form.Item name="tenant" label={t('apps.fields.tenant')} extra={t('apps.fields.tenantHelp')}>
              <Select<number>
                aria-label={t('apps.fields.tenant')}
                showSearch={{ optionFilterProp: 'label' }}
                options={[{ value: 0, label: t('apps.tenant.everyone') }, ...tenants.options]}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={administrator ? 10 : 18}>
          <Form.Item label={t('apps.fields.condition')} extra={t('apps.fields.conditionHelp')}>
            <Space wrap>
              <Form.Item name="conditioned" valuePropName="checked" noStyle>
                <Switch aria-label={t('apps.fields.conditioned')} />
              </Form.Item>
              {conditioned && (
                <>
                  <span>{t('apps.condition.userId')}</span>
                  <Form.Item name="op" noStyle>
                    <Select
                      aria-label={t('apps.fields.conditionOp')}
                      style={{ width: 88 }}
                      options={CONDITION_OPS.map((op) => ({ value: op, label: OP_SIGNS[op] }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name="value"
                    noStyle
                    rules={[{ required: true, message: t('apps.validation.userId') }]}
                  >
                    <InputNumber
                      aria-label={t('apps.fields.conditionValue')}
                      min={-1_000_000_000}
                      max={Number.MAX_SAFE_INTEGER}
                      precision={0}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                </>
              )}
            </Space>
          </Form.Item>
        </Col>
        <Col xs={24} md={administrator ? 4 : 6}>
          <Form.Item name="sort" label={t('apps.fields.sort')}>
            <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('apps.fields.children')} extra={t('apps.routes.childrenHelp')}>
        <ChildrenEditor form={form} consoleOrigin={consoleOrigin ?? window.location.origin} />
      </Form.Item>
    </EditForm>
  );
}
