/** The UI tab's choice of the channels the equipment page shows (fDODIMode's index lists). */
import { channelLabel } from '@fieldlink/protocol';
import { Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { ChannelSection, FieldMessage, useErrorText } from './channel-fields';
import type { FieldErrors } from './channel-rules';
import { SHOWN_KINDS, shownField } from './display-model';
import type { DisplayDraft, ShownKind } from './display-model';

const PASSAGE = { do: 'DO', di: 'DI', ai: 'AI', ao: 'AO' } as const;

export function DisplayShown({
  record,
  draft,
  errors,
  editable,
  setShown,
}: {
  readonly record: Equipment;
  readonly draft: DisplayDraft;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  readonly setShown: (kind: ShownKind, shown: boolean[]) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const kinds = SHOWN_KINDS.filter((kind) => record.counts[kind] > 0);
  return (
    <ChannelSection title={t('configure.display.shown.title')} testId="display-shown">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('configure.display.shown.help')}</Typography.Text>
        {kinds.map((kind) => {
          const shown = draft.shown[kind];
          const names = record.settings[kind].names;
          const label = (i: number) => {
            const passage = channelLabel(PASSAGE[kind], i);
            const name = names[i]?.trim();
            return name ? `${passage} ${name}` : passage;
          };
          const title = t(`configure.display.shown.${kind}`);
          const error = errorText(errors[shownField(kind)]);
          const all = shown.every(Boolean);
          return (
            <div key={kind} data-testid={`shown-${kind}`}>
              <Space wrap size="small" style={{ marginBottom: 4 }}>
                <Typography.Text strong>{title}</Typography.Text>
                {editable && (
                  <Checkbox
                    checked={all}
                    indeterminate={!all && shown.some(Boolean)}
                    onChange={(e) =>
                      setShown(
                        kind,
                        shown.map(() => e.target.checked),
                      )
                    }
                  >
                    {t('configure.display.shown.all')}
                  </Checkbox>
                )}
              </Space>
              {editable ? (
                <Checkbox.Group
                  aria-label={title}
                  value={shown.flatMap((on, i) => (on ? [i] : []))}
                  options={shown.map((_, i) => ({ value: i, label: label(i) }))}
                  onChange={(values) =>
                    setShown(
                      kind,
                      shown.map((_, i) => values.includes(i)),
                    )
                  }
                />
              ) : (
                <div>
                  {all
                    ? t('configure.display.shown.allShown')
                    : shown.flatMap((on, i) => (on ? [label(i)] : [])).join(', ')}
                </div>
              )}
              <FieldMessage id={`err-shown-${kind}`} text={error} />
            </div>
          );
        })}
      </Space>
    </ChannelSection>
  );
}
