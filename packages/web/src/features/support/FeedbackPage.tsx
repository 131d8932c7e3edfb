/**
 * /feedback (any signed-in user): a problem, a suggestion or another remark for the
 * administrators, with a contact if the account's are not the right ones, and on request the
 * error log this browser keeps (shell/errorLog.ts), shown as it will be sent.
 */
import { FEEDBACK_LIMITS } from '@fieldlink/protocol';
import { Alert, App, Button, Card, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFeedback } from '../../api/feedback';
import type { FeedbackCategory } from '../../api/feedback';
import { useErrorLog } from '../../shell/errorLog';
import { describeError } from '../auth/errors';
import { errorLogAttachment, errorLogText } from './error-log-attachment';
import './support.css';

interface FeedbackValues {
  category: FeedbackCategory;
  text: string;
  contact?: string;
  attachLog: boolean;
}

const CATEGORIES: readonly FeedbackCategory[] = ['problem', 'suggestion', 'other'];

export default function FeedbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FeedbackValues>();
  const [busy, setBusy] = useState(false);
  const errors = useErrorLog((s) => s.errors);
  const attachment = useMemo(() => errorLogAttachment(errors), [errors]);
  const attachLog = Form.useWatch('attachLog', form) === true;

  const submit = async (v: FeedbackValues) => {
    setBusy(true);
    try {
      await sendFeedback({
        category: v.category,
        text: v.text.trim(),
        contact: v.contact?.trim() ? v.contact.trim() : null,
        errorLog: v.attachLog && attachment.length > 0 ? attachment : null,
      });
      void message.success(t('support.feedback.sent'));
      form.resetFields();
    } catch (error) {
      void message.error(t('support.feedback.sendError', { message: describeError(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('support.feedback.title')} data-testid="feedback-page">
      <Typography.Paragraph type="secondary">{t('support.feedback.intro')}</Typography.Paragraph>
      <Form<FeedbackValues>
        form={form}
        layout="vertical"
        initialValues={{ category: 'problem', attachLog: false }}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 760 }}
        data-testid="feedback-form"
      >
        <Form.Item name="category" label={t('support.feedback.category')}>
          <Radio.Group
            optionType="button"
            options={CATEGORIES.map((c) => ({ value: c, label: t(`support.feedback.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('support.feedback.text')}
          rules={[
            { required: true, whitespace: true, message: t('support.feedback.textRequired') },
            { max: FEEDBACK_LIMITS.textMax },
          ]}
        >
          <Input.TextArea rows={6} maxLength={FEEDBACK_LIMITS.textMax} showCount />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('support.feedback.contact')}
          extra={t('support.feedback.contactHelp')}
          rules={[{ max: FEEDBACK_LIMITS.contactMax }]}
        >
          <Input maxLength={FEEDBACK_LIMITS.contactMax} />
        </Form.Item>
        <Form.Item
          name="attachLog"
          valuePropName="checked"
          extra={
            attachment.length === 0
              ? t('support.feedback.attachEmpty')
              : t('support.feedback.attachCount', { count: attachment.length })
          }
        >
          <Checkbox disabled={attachment.length === 0}>{t('support.feedback.attach')}</Checkbox>
        </Form.Item>
        {attachLog && attachment.length > 0 && (
          <Form.Item label={t('support.feedback.preview')}>
            <Alert
              type="info"
              showIcon
              title={t('support.feedback.previewIntro')}
              style={{ marginBottom: 8 }}
            />
            <pre className="fl-support-log" data-testid="feedback-log-preview">
              {errorLogText(attachment)}
            </pre>
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('support.feedback.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
