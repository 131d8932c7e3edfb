/**
 * A custom route's children, in order (the first is where the route goes): each a micro-app at
 * `/{route}/{name}` with its title, address and default page, added (up to 20), removed or moved.
 * Two children of one name are refused, as the server would.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ROUTE_CHILDREN_MAX } from '@fieldlink/protocol';
import { Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { addressProblem, defaultPageProblem, ruleOf, segmentProblem, titleProblem } from '../../apps/fields';
import { childNamesDistinct, EMPTY_CHILD } from './route-form';
import type { ChildValues, RouteFormValues } from './route-form';

interface Props {
  readonly form: FormInstance<RouteFormValues>;
  readonly consoleOrigin: string;
}

export default function ChildrenEditor({ form, consoleOrigin }: Props) {
  const { t } = useTranslation();
  const routeName = ((Form.useWatch('name', form) as string | undefined) ?? '').trim() || '…';
  const children = (Form.useWatch('children', form) as ChildValues[] | undefined) ?? [];
  return (
    <Form.List
      name="children"
      rules={[
        {
          validator: async (_, list: ChildValues[] | undefined) => {
            if (!childNamesDistinct(list ?? [])) throw new Error(t('apps.validation.duplicateChild'));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="route-children">
          {fields.length === 0 && (
            <Typography.Text type="secondary">{t('apps.routes.noChildren')}</Typography.Text>
          )}
          {fields.map((field, index) => {
            const url = (children[index]?.url ?? '').trim();
            const name = (children[index]?.name ?? '').trim() || '…';
            return (
              <Card
                key={field.key}
                size="small"
                title={t('apps.routes.childTitle', { index: index + 1, path: `/${routeName}/${name}` })}
                data-testid={`route-child-${index}`}
                extra={
                  <Space size={2}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('apps.routes.moveUp')}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('apps.routes.moveDown')}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('apps.routes.removeChild')}
                      onClick={() => remove(index)}
                    />
                  </Space>
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'name']}
                      label={t('apps.fields.childName')}
                      rules={[ruleOf(segmentProblem, t)]}
                    >
                      <Input maxLength={32} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={16}>
                    <Form.Item
                      name={[field.name, 'title']}
                      label={t('apps.fields.title')}
                      rules={[ruleOf(titleProblem, t)]}
                    >
                      <Input maxLength={64} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={14}>
                    <Form.Item
                      name={[field.name, 'url']}
                      label={t('apps.fields.url')}
                      rules={[ruleOf(addressProblem(consoleOrigin), t)]}
                    >
                      <Input maxLength={1024} placeholder="https://apps.example.com/" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={10}>
                    <Form.Item
                      name={[field.name, 'defaultUrl']}
                      label={t('apps.fields.defaultUrl')}
                      dependencies={[['children', field.name, 'url']]}
                      rules={[ruleOf(defaultPageProblem(url), t)]}
                    >
                      <Input maxLength={1024} placeholder="/home" autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= ROUTE_CHILDREN_MAX}
            onClick={() => add({ ...EMPTY_CHILD })}
            data-testid="add-route-child"
          >
            {t('apps.routes.addChild', { max: ROUTE_CHILDREN_MAX })}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
