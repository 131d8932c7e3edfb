/**
 * The radio parameters of a team host (LoraRParam, LoraWParam): network id, channel, air data rate
 * and transmit power, read when the tab opens and at will. With the edit right they are edited
 * within the protocol's bounds and written, then read back and compared; without it they are only
 * shown.
 */
import type { LoraRadioParams } from '@fieldlink/protocol';
import { Alert, App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoraCardProps } from './card-props';
import { readError, useRadio } from './lora-reads';
import { RADIO_FIELDS, radioDifferences } from './lora-values';
import type { RadioField } from './lora-values';
import RadioEditor from './RadioEditor';

export const RADIO_WRITE_KEY = 'lora:radio';

export default function RadioParamsCard({ record, runner, canEdit }: LoraCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const radio = useRadio(record.id);
  const writing = runner.pending.has(RADIO_WRITE_KEY);

  const label = (field: RadioField) => t(`rules.lora.radio.fields.${field}`);

  const write = async (params: LoraRadioParams): Promise<void> => {
    const done = await runner.run({ opr: 'LoraWParam', ...params }, RADIO_WRITE_KEY, {
      label: t('rules.lora.radio.title'),
      quiet: true,
    });
    if (!done) return;
    const back = await radio.refetch();
    if (back.status === 'error' || back.data === undefined) {
      void message.warning(t('rules.lora.radio.unverified', { message: readError(back.error, t) }));
      return;
    }
    const differs = radioDifferences(params, back.data);
    if (differs.length === 0) void message.success(t('rules.lora.radio.written'));
    else void message.warning(t('rules.lora.radio.differs', { fields: differs.map(label).join(', ') }));
  };

  const shown = (data: LoraRadioParams | undefined) => (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 4 }}
      data-testid="lora-radio-values"
      items={RADIO_FIELDS.map((field) => ({
        key: field,
        label: label(field),
        children: data ? String(data[field]) : '—',
      }))}
    />
  );

  return (
    <Card
      size="small"
      title={t('rules.lora.radio.title')}
      extra={
        <Button
          size="small"
          onClick={() => void radio.refetch()}
          loading={radio.isFetching}
          disabled={writing}
          data-testid="lora-radio-read"
        >
          {t('rules.lora.read')}
        </Button>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {radio.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('rules.lora.radio.readFailed', { message: readError(radio.error, t) })}
          />
        ) : null}
        {!radio.data && !radio.isFetching ? (
          <Typography.Text type="secondary">{t('rules.lora.radio.notRead')}</Typography.Text>
        ) : null}
        {canEdit ? (
          <RadioEditor
            held={radio.data}
            heldAt={radio.dataUpdatedAt}
            writing={writing}
            reading={radio.isFetching}
            onWrite={(params) => void write(params)}
          />
        ) : (
          shown(radio.data)
        )}
      </Space>
    </Card>
  );
}
