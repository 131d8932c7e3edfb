/**
 * Registering an app or changing one (/appaudit/CreatApp): name, title, address, default page,
 * icon and description, each checked as it is typed with the contract's rules (fields.ts). A
 * refusal from the server shows above the form (and beside the field it is about), the values
 * kept for another try. A change to a stored app warns first that it goes back to review.
 */
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserApp } from '../../api/apps';
import { EMPTY_APP } from './app-form';
import type { AppFormValues } from './app-form';
import {
  addressProblem,
  defaultPageProblem,
  DESCRIPTION_MAX,
  descriptionProblem,
  failureText,
  showRefusal,
  ruleOf,
  segmentProblem,
  titleProblem,
} from './fields';
import IconSelect from './IconSelect';

interface Props {
  /** The stored app being changed; a new one without. */
  readonly app?: UserApp;
  readonly initial?: AppFormValues;
  /** Sends the values; rejects with the server's refusal. */
  readonly onSubmit: (values: AppFormValues) => Promise<void>;
  readonly onCancel?: () => void;
  /** The console's own origin, whose addresses are refused (tests give another). */
  readonly consoleOrigin?: string;
  readonly testId?: string;
}

export default function AppForm({
  app,
  initial = EMPTY_APP,
  onSubmit,
  onCancel,
  consoleOrigin,
  testId,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AppFormValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const url = (Form.useWatch('url', form) as string | undefined) ?? initial.url;
  const origin = consoleOrigin ?? window.location.origin;

  const submit = async (values: AppFormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(values);
      if (!app) form.resetFields();
    } catch (error) {
      setFailure(failureText(error, t));
      showRefusal(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<AppFormValues>
      form={form}
      // Its own ids: the registration and the edit dialog are on one page.
      name={app ? 'app-edit' : 'app-register'}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      data-testid={testId ?? 'app-form'}
    >
      {app && app.status !== 'pending' && (
        <Alert
          type="info"
          showIcon
          title={t('apps.mine.backToReview')}
          style={{ marginBottom: 16 }}
          data-testid="app-back-to-review"
        />
      )}
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.saveFailed', { message: failure })}
          style={{ marginBottom: 16 }}
          data-testid="app-form-error"
        />
      )}
      <Form.Item
        name="name"
        label={t('apps.fields.name')}
        extra={app ? t('apps.fields.nameFixed') : t('apps.fields.nameHelp')}
        rules={app ? [] : [ruleOf(segmentProblem, t)]}
      >
        <Input maxLength={32} disabled={app !== undefined} autoComplete="off" />
      </Form.Item>
      <Form.Item name="title" label={t('apps.fields.title')} rules={[ruleOf(titleProblem, t)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('apps.fields.url')}
        extra={t('apps.fields.urlHelp')}
        rules={[ruleOf(addressProblem(origin), t)]}
      >
        <Input maxLength={1024} placeholder="https://apps.example.com/" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="defaultUrl"
        label={t('apps.fields.defaultUrl')}
        extra={t('apps.fields.defaultUrlHelp')}
        dependencies={['url']}
        rules={[ruleOf(defaultPageProblem(url.trim()), t)]}
      >
        <Input maxLength={1024} placeholder="/home" autoComplete="off" />
      </Form.Item>
      <Form.Item name="icon" label={t('apps.fields.icon')}>
        <IconSelect aria-label={t('apps.fields.icon')} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('apps.fields.description')}
        rules={[ruleOf(descriptionProblem, t)]}
      >
        <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Flex justify="end" gap={8}>
        {onCancel && <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={busy}>
          {app ? t('common.actions.save') : t('apps.mine.register')}
        </Button>
      </Flex>
    </Form>
  );
}
