/**
 * Auto-configuration of a team (edit right only): the gateway's search (LoraAutoCfg codes 2 start,
 * 33 stop, 34 save, 49 restore the radio defaults, the last after a confirmation) and the team
 * control (loraautocfg codes 17 auto-configure, 18 cancel, 19 keep the slaves awake for a time
 * within the protocol's bounds, 20 let them sleep). The labels are the protocol's; each command
 * says how it went, and the slave table or the radio is read again where the command changed it.
 */
import {
  LORA_AUTO_CFG_CODE_LIST,
  LORA_AUTO_CFG_CODES,
  LORA_CODES,
  LORA_KEEP_AWAKE,
} from '@fieldlink/protocol';
import type { LoraAutoCfgCode, LoraCode, Operation } from '@fieldlink/protocol';
import { App, Button, Card, Divider, InputNumber, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../monitoring/format';
import type { LoraCardProps } from './card-props';
import { loraKeys } from './lora-reads';
import { KEEP_AWAKE_BOUNDS, KEEP_AWAKE_DEFAULT_MS, autoCfgLabel, loraCodeLabel, within } from './lora-values';

type CommandName =
  (typeof LORA_AUTO_CFG_CODES)[LoraAutoCfgCode]['name'] | (typeof LORA_CODES)[LoraCode]['name'];

/** What a command changes that the screen shows, to be read again once it is carried out. */
const READ_AGAIN: Readonly<Record<CommandName, 'slaves' | 'radio' | null>> = {
  start: null,
  stop: null,
  save: 'slaves',
  resetRadio: 'radio',
  autoConfig: 'slaves',
  cancel: null,
  keepAwake: null,
  sleepEnable: null,
};

/** loraautocfg codes in the order they are offered; 19 has its own field. */
const TEAM_CODES = [17, 18, 20] as const satisfies readonly LoraCode[];

export const autoKey = (code: number) => `lora:auto:${code}`;

export default function AutoConfigCard({ record, runner }: Omit<LoraCardProps, 'canEdit'>) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const lang = langOf(i18n.language);
  const [delay, setDelay] = useState<number | null>(KEEP_AWAKE_DEFAULT_MS);
  const delayOk = within(delay, KEEP_AWAKE_BOUNDS);
  const busy = [...runner.pending].some((key) => key.startsWith('lora:auto:'));

  const send = async (
    operation: Operation,
    code: number,
    name: CommandName,
    command: string,
    confirm?: string,
  ): Promise<void> => {
    const done = await runner.run(operation, autoKey(code), {
      label: command,
      quiet: true,
      ...(confirm === undefined ? {} : { confirm: true, question: confirm }),
    });
    if (!done) return;
    const seconds = operation.opr === 'loraautocfg' ? (operation.delay ?? KEEP_AWAKE_DEFAULT_MS) / 1000 : 0;
    void message.success(t(`rules.lora.auto.outcome.${name}`, { command, seconds }));
    const again = READ_AGAIN[name];
    if (again === 'slaves') void client.invalidateQueries({ queryKey: loraKeys.slaves(record.id) });
    if (again === 'radio') void client.invalidateQueries({ queryKey: loraKeys.radio(record.id) });
  };

  const searchButton = (code: LoraAutoCfgCode) => {
    const { name } = LORA_AUTO_CFG_CODES[code];
    const command = autoCfgLabel(code, lang);
    const confirm =
      name === 'resetRadio' ? t('rules.lora.auto.resetQuestion', { command, name: record.name }) : undefined;
    return (
      <Button
        key={code}
        danger={name === 'resetRadio'}
        loading={runner.pending.has(autoKey(code))}
        disabled={busy}
        onClick={() => void send({ opr: 'LoraAutoCfg', code }, code, name, command, confirm)}
        data-testid={`lora-auto-${code}`}
      >
        {command}
      </Button>
    );
  };

  const teamButton = (code: LoraCode, operation: Operation, disabled = false) => (
    <Button
      key={code}
      loading={runner.pending.has(autoKey(code))}
      disabled={busy || disabled}
      onClick={() => void send(operation, code, LORA_CODES[code].name, loraCodeLabel(code, lang))}
      data-testid={`lora-auto-${code}`}
    >
      {loraCodeLabel(code, lang)}
    </Button>
  );

  return (
    <Card size="small" title={t('rules.lora.auto.title')}>
      <Typography.Text type="secondary">{t('rules.lora.auto.search')}</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        {LORA_AUTO_CFG_CODE_LIST.map(searchButton)}
      </Space>
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text type="secondary">{t('rules.lora.auto.team')}</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        {TEAM_CODES.map((code) => teamButton(code, { opr: 'loraautocfg', loracode: code }))}
      </Space>
      <Space wrap align="start" style={{ display: 'flex', marginTop: 8 }}>
        <Typography.Text style={{ lineHeight: '32px' }}>{t('rules.lora.auto.delay')}</Typography.Text>
        <Space orientation="vertical" size={2}>
          <InputNumber<number>
            value={delay}
            onChange={setDelay}
            step={1000}
            status={delayOk ? undefined : 'error'}
            aria-label={t('rules.lora.auto.delay')}
            style={{ width: 140 }}
          />
          {delayOk ? null : (
            <Typography.Text type="danger" role="alert">
              {t('rules.lora.auto.delayRange', KEEP_AWAKE_BOUNDS)}
            </Typography.Text>
          )}
        </Space>
        {teamButton(
          LORA_KEEP_AWAKE,
          { opr: 'loraautocfg', loracode: LORA_KEEP_AWAKE, delay: delay ?? KEEP_AWAKE_DEFAULT_MS },
          !delayOk,
        )}
      </Space>
    </Card>
  );
}
