/**
 * Why the draft cannot be saved, shown after a refused save until nothing is wrong any more: one
 * line per problem naming the widget (a click chooses it), unbound widgets first.
 */
import { Alert, Button, Flex } from 'antd';
import { useMemo } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDraft } from './draft';
import type { DraftDocument } from './draft';
import type { EditorAction } from './model';

export default function ProblemsList({
  doc,
  dispatch,
  onClose,
}: {
  readonly doc: DraftDocument;
  readonly dispatch: Dispatch<EditorAction>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const check = useMemo(() => checkDraft(doc), [doc]);
  if (check.ok) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose, 'aria-label': t('diagramEditor.problems.close') }}
      title={t('diagramEditor.problems.title', { count: check.problems.length })}
      data-testid="diagram-editor-problems"
      description={
        <Flex vertical align="flex-start" gap={0}>
          {check.problems.map((p, i) => {
            const what =
              p.widgetId === null
                ? t('diagramEditor.problems.document')
                : t('diagramEditor.problems.widget', {
                    kind: t(`diagramEditor.kinds.${p.kind ?? 'text'}`),
                    id: p.widgetId,
                  });
            const line = p.unbound
              ? t('diagramEditor.problems.unbound', { widget: what })
              : t('diagramEditor.problems.line', { widget: what, problem: p.text });
            return p.widgetId === null ? (
              <span key={i}>{line}</span>
            ) : (
              <Button
                key={i}
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => dispatch({ type: 'select', ids: [p.widgetId!] })}
              >
                {line}
              </Button>
            );
          })}
        </Flex>
      }
    />
  );
}
