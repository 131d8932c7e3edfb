/**
 * One row of a rule page opened: the editor of its model over a copy of the rule. 'Keep changes'
 * puts the edited rule into the page's rows (written with the page), and is refused while a field
 * has a problem or the rule is out of the specification's bounds (the protocol's validateRule).
 * For a user without the edit right the dialog only shows the rule.
 */
import { PAGE_TYPES, validateRule } from '@fieldlink/protocol';
import type { PageTypeName } from '@fieldlink/protocol';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleContext } from '../../rules/editors/context';
import { IssueScope } from '../../rules/editors/issues';
import type { AnyPageRule } from '../../rules/page-store';
import PageRuleEditor from './PageRuleEditor';

export default function RuleDialog({
  type,
  index,
  rule,
  context,
  onKeep,
  onClose,
}: {
  readonly type: PageTypeName;
  /** The rule's index on its page type (page × 10 + slot). */
  readonly index: number;
  readonly rule: AnyPageRule;
  readonly context: RuleContext;
  readonly onKeep: (rule: AnyPageRule) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(rule);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const reasons = validateRule(PAGE_TYPES[type].kind, draft as never);
  const blocked = problems.length > 0 || reasons.length > 0;
  return (
    <Modal
      open
      width={760}
      title={t(
        type === 'mb' || type === 'dl645' ? 'rules.page.dialog.entryTitle' : 'rules.page.dialog.title',
        {
          index,
          type: t(`rules.page.types.${type}`),
        },
      )}
      onCancel={onClose}
      okText={t('rules.page.dialog.keep')}
      cancelText={context.readOnly ? t('common.actions.close') : t('common.actions.cancel')}
      okButtonProps={{ disabled: blocked, 'data-testid': 'rule-keep' } as never}
      onOk={() => {
        if (!blocked && !context.readOnly) onKeep(draft);
      }}
      // Read-only, the dialog has only its Close button: a `hidden` attribute does not hide antd's
      // button (its own display rule wins over the attribute).
      footer={context.readOnly ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      destroyOnHidden
    >
      <div data-testid="rule-dialog">
        <IssueScope onChange={setProblems}>
          <Form layout="vertical" component="div">
            <PageRuleEditor type={type} value={draft} onChange={setDraft} context={context} />
          </Form>
        </IssueScope>
        {!context.readOnly && problems.length === 0 && reasons.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('rules.page.dialog.invalid', { reasons: reasons.join('; ') })}
          />
        )}
      </div>
    </Modal>
  );
}
