/**
 * How often the team's slaves report (LoRaRTiming, LoRaWTiming): read when the tab opens and at
 * will, chosen among the rates of the specification (1/5/10/30 min, 1/3/5 h) and written, then
 * read back and compared. Without the edit right it is only shown.
 */
import { LORA_RATES, say } from '@fieldlink/protocol';
import type { LoraRateSeconds } from '@fieldlink/protocol';
import { Alert, App, Button, Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../monitoring/format';
import type { LoraCardProps } from './card-props';
import { readError, useTiming } from './lora-reads';
import { rateLabel } from './lora-values';

export const TIMING_WRITE_KEY = 'lora:timing';

export default function TimingCard({ record, runner, canEdit }: LoraCardProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = langOf(i18n.language);
  const timing = useTiming(record.id);
  const [chosen, setChosen] = useState<LoraRateSeconds | null>(null);
  const writing = runner.pending.has(TIMING_WRITE_KEY);
  const value = chosen ?? timing.data ?? null;

  const write = async (interval: LoraRateSeconds): Promise<void> => {
    const done = await runner.run({ opr: 'LoRaWTiming', interval }, TIMING_WRITE_KEY, {
      label: t('rules.lora.timing.title'),
      quiet: true,
    });
    if (!done) return;
    setChosen(null);
    const back = await timing.refetch();
    if (back.status === 'error' || back.data === undefined) {
      void message.warning(t('rules.lora.timing.unverified', { message: readError(back.error, t) }));
    } else if (back.data === interval) {
      void message.success(t('rules.lora.timing.written', { rate: rateLabel(interval, lang) }));
    } else {
      void message.warning(t('rules.lora.timing.differs', { rate: rateLabel(back.data, lang) }));
    }
  };

  return (
    <Card
      size="small"
      title={t('rules.lora.timing.title')}
      extra={
        <Button
          size="small"
          onClick={() => void timing.refetch()}
          loading={timing.isFetching}
          disabled={writing}
          data-testid="lora-timing-read"
        >
          {t('rules.lora.read')}
        </Button>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {timing.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('rules.lora.timing.readFailed', { message: readError(timing.error, t) })}
          />
        ) : null}
        <Space wrap>
          <Typography.Text>{t('rules.lora.timing.label')}</Typography.Text>
          {canEdit ? (
            <>
              <Select<LoraRateSeconds>
                value={value ?? undefined}
                onChange={setChosen}
                disabled={timing.data === undefined}
                placeholder={t('rules.lora.radio.notRead')}
                style={{ width: 140 }}
                aria-label={t('rules.lora.timing.label')}
                data-testid="lora-timing-select"
                options={LORA_RATES.map((rate) => ({ value: rate.seconds, label: say(rate.label, lang) }))}
              />
              <Button
                type="primary"
                loading={writing}
                disabled={value === null || timing.isFetching}
                onClick={() => value !== null && void write(value)}
                data-testid="lora-timing-write"
              >
                {t('rules.lora.write')}
              </Button>
            </>
          ) : (
            <Typography.Text strong data-testid="lora-timing-value">
              {timing.data === undefined ? t('rules.lora.radio.notRead') : rateLabel(timing.data, lang)}
            </Typography.Text>
          )}
        </Space>
      </Space>
    </Card>
  );
}
