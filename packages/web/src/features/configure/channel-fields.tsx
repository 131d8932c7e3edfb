/**
 * The cells of the channel tables of the Parameters and UI tabs: a text field with its error under
 * it (or the value as text for a user without the edit right), and the section and save bar the
 * two tabs share.
 */
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldErrors } from './channel-rules';
import './channel-table.css';

/** The translated text of an error, or null. */
export function useErrorText(): (error: FieldError | undefined) => string | null {
  const { t } = useTranslation();
  return (error) => (error ? t(`configure.${error.key}`, error.values) : null);
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

/** One kind's table of channels, in a card; wide tables scroll sideways. */
export function ChannelSection({
  title,
  extra,
  children,
  testId,
}: {
  readonly title: ReactNode;
  readonly extra?: ReactNode;
  readonly children: ReactNode;
  readonly testId: string;
}) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId}>
      <div className="channel-table-scroll">{children}</div>
    </Card>
  );
}

/** Save and discard, with the count of errors and the server's answer when saving failed. */
export function SaveBar({
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
