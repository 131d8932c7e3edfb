/**
 * The pieces of the Parameters and UI tabs: a text field with its error under it (or the value as
 * text for a user without the edit right), a table of channels, a section of the tab, and the
 * tab's frame with its save bar.
 */
import { channelLabel } from '@fieldlink/protocol';
import type { ChannelKind } from '@fieldlink/protocol';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelCounts } from '../../api/equipment';
import type { ChannelForm } from './channel-draft';
import type { FieldError, FieldErrors } from './channel-rules';
import './channel-table.css';

/** The translated text of an error, or null. */
export function useErrorText(): (error: FieldError | undefined) => string | null {
  const { t } = useTranslation();
  return (error) => (error ? t(`configure.${error.key}`, error.values) : null);
}

/** The accessible name of a channel's field: 'AI1 Unit'. */
export function useFieldLabel(): (passage: string, field: string) => string {
  const { t } = useTranslation();
  return (passage, field) => t('configure.parameters.fieldLabel', { channel: passage, field });
}

export function FieldMessage({ id, text }: { readonly id: string; readonly text: string | null }) {
  if (text === null) return null;
  return (
    <div className="channel-field-error" id={id} data-testid={`error-${id}`}>
      {text}
    </div>
  );
}

const errorDomId = (field: string) => `err-${field.replaceAll('.', '-')}`;

export function TextField({
  field,
  label,
  value,
  errors,
  editable,
  width = 88,
  onChange,
  placeholder,
  inputMode,
}: {
  /** The field's id in the errors ('ai.x1.0'). */
  readonly field: string;
  readonly label: string;
  readonly value: string;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  readonly width?: number;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  readonly inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const errorText = useErrorText()(errors[field]);
  if (!editable) return <span className="channel-readonly">{value === '' ? placeholder : value}</span>;
  const described = errorDomId(field);
  return (
    <div className="channel-field">
      <Input
        size="small"
        style={{ width }}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        status={errorText ? 'error' : undefined}
        aria-label={label}
        aria-invalid={errorText !== null}
        aria-describedby={errorText ? described : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessage id={described} text={errorText} />
    </div>
  );
}

/** A column of a channel table: its heading and each channel's cell. */
export interface ChannelColumn {
  readonly key: string;
  readonly title: ReactNode;
  readonly cell: (index: number, passage: string) => ReactNode;
}

/** A table of `count` channels of `kind`: a row a channel, headed by its passage ('DO1'). */
export function ChannelTable({
  kind,
  count,
  columns,
}: {
  readonly kind: ChannelKind;
  readonly count: number;
  readonly columns: readonly ChannelColumn[];
}) {
  const { t } = useTranslation();
  return (
    <table className="channel-table">
      <thead>
        <tr>
          <th scope="col">{t('configure.parameters.channel')}</th>
          {columns.map((column) => (
            <th scope="col" key={column.key}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: count }, (_, i) => {
          const passage = channelLabel(kind, i);
          return (
            <tr key={passage} data-channel={passage}>
              <th scope="row">{passage}</th>
              {columns.map((column) => (
                <td key={column.key}>{column.cell(i, passage)}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One kind's table of channels, in a card, under a `help` line; wide tables scroll sideways. */
export function ChannelSection({
  title,
  help,
  extra,
  children,
  testId,
}: {
  readonly title: ReactNode;
  readonly help?: ReactNode;
  readonly extra?: ReactNode;
  readonly children: ReactNode;
  readonly testId: string;
}) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId}>
      <div className="channel-table-scroll">
        {help === undefined ? null : (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {help}
          </Typography.Paragraph>
        )}
        {children}
      </div>
    </Card>
  );
}

/** Whether the device has any channel (else the channel tabs have nothing to edit). */
export function hasChannels(counts: ChannelCounts): boolean {
  return counts.do + counts.di + counts.ai + counts.ao > 0;
}

/**
 * The frame of a channel tab (`area` 'parameters' or 'display'): a note for a user without the
 * edit right, one for a device without channels, the tab's sections, and for an editor the save
 * bar.
 */
export function ChannelTabFrame({
  area,
  counts,
  form,
  children,
}: {
  readonly area: string;
  readonly counts: ChannelCounts;
  readonly form: Pick<
    ChannelForm<unknown>,
    'editable' | 'dirty' | 'saving' | 'errors' | 'saveError' | 'submit' | 'reset'
  >;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const none = !hasChannels(counts);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`tab-${area}`}>
      {!form.editable && (
        <Typography.Text type="warning" data-testid={`${area}-no-config`}>
          {t('monitoring.device.noConfig')}
        </Typography.Text>
      )}
      {none && <Typography.Text type="secondary">{t('monitoring.device.noChannels')}</Typography.Text>}
      {children}
      {form.editable && !none && (
        <SaveBar
          dirty={form.dirty}
          saving={form.saving}
          errorCount={Object.keys(form.errors).length}
          saveError={form.saveError}
          onSave={form.submit}
          onReset={() => form.reset()}
        />
      )}
    </Space>
  );
}

/** Save and discard, with the count of errors and the server's answer when saving failed. */
function SaveBar({
  dirty,
  saving,
  errorCount,
  saveError,
  onSave,
  onReset,
}: {
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly errorCount: number;
  readonly saveError: string | null;
  readonly onSave: () => void;
  readonly onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {saveError && (
        <Alert type="error" showIcon title={t('configure.parameters.saveFailed', { reason: saveError })} />
      )}
      <Space wrap>
        <Button type="primary" loading={saving} disabled={!dirty} onClick={onSave}>
          {t('configure.parameters.save')}
        </Button>
        <Button disabled={!dirty || saving} onClick={onReset}>
          {t('configure.parameters.reset')}
        </Button>
        {errorCount > 0 && (
          <Typography.Text type="danger" data-testid="error-count">
            {t('configure.parameters.errorCount', { count: errorCount })}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
