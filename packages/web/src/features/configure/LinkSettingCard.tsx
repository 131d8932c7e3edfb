/**
 * The frame of a link setting's card (useLinkSettingForm): its title and help, what is in force
 * now, a failure that belongs to no field, then the form with its fields and a Save button (with
 * any other action beside it). Test ids: `<testId>-current`, `-failure` and `-form`.
 */
import { Alert, Button, Card, Form, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { LinkSettingForm } from './link-setting-form';

export default function LinkSettingCard<V extends object>({
  setting,
  title,
  help,
  current,
  testId,
  onFinish,
  save,
  actions,
  children,
}: {
  readonly setting: LinkSettingForm<V>;
  readonly title: string;
  readonly help: ReactNode;
  /** What is in force now. */
  readonly current: ReactNode;
  readonly testId: string;
  readonly onFinish: (values: V) => void;
  /** The Save button's text. */
  readonly save: string;
  /** Buttons beside Save. */
  readonly actions?: ReactNode;
  /** The form's fields. */
  readonly children: ReactNode;
}) {
  const { form, initial, dirty, saving, failure } = setting;
  return (
    <Card size="small" title={title}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{help}</Typography.Text>
        <Typography.Text data-testid={`${testId}-current`}>{current}</Typography.Text>
        {failure !== null ? (
          <Alert type="error" showIcon title={failure} data-testid={`${testId}-failure`} />
        ) : null}
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={onFinish}
          disabled={saving}
          data-testid={`${testId}-form`}
        >
          {children}
          <Form.Item style={{ marginBottom: 0 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
                {save}
              </Button>
              {actions}
            </Space>
          </Form.Item>
        </Form>
      </Space>
    </Card>
  );
}
