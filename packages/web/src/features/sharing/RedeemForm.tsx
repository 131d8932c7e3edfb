/**
 * The share-code field and its Redeem button, with the server's refusal shown under it; used by
 * the /share page and the tree's toolbar button. A refused code stays in the field.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeProblem, useRedeem } from './redeem';

interface Props {
  /** The code to start with (from the link). */
  readonly initialCode?: string;
  /** The code came with the link: shown, not typed. */
  readonly readOnly?: boolean;
  readonly autoFocus?: boolean;
  /** Called once the code was redeemed (the console is then on the device). */
  readonly onRedeemed?: () => void;
}

interface Values {
  code: string;
}

export default function RedeemForm({ initialCode = '', readOnly = false, autoFocus, onRedeemed }: Props) {
  const { t } = useTranslation();
  const { busy, error, redeem, clearError } = useRedeem();

  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      initialValues={{ code: initialCode }}
      onValuesChange={clearError}
      onFinish={(values) =>
        void redeem(values.code).then((done) => {
          if (done) onRedeemed?.();
        })
      }
    >
      <Form.Item
        name="code"
        label={t('sharing.redeem.code')}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const problem = codeProblem(typeof value === 'string' ? value : '');
              if (problem) throw new Error(t(problem));
            },
          },
        ]}
      >
        <Input
          placeholder={t('sharing.redeem.placeholder')}
          readOnly={readOnly}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      {error !== null && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="redeem-error" />
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('sharing.redeem.submit')}
      </Button>
    </Form>
  );
}
