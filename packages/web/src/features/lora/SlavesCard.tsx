/**
 * The team's slave table as the gateway holds it (its registers 1220-1235, read over the live
 * channel, which the server does not record as an event), read again every 5 s while the tab is
 * shown (spec 001 § 4), each id with the sub-device added at it, and a warning for sub-devices
 * whose id is not in the table (they do not answer). With the edit right the table is edited and
 * written whole (lorawconfig), then read back and compared; and it is cleared (LoraClearSlave)
 * after a confirmation.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSubDevices } from '../../api/equipment';
import { subDevicesKey } from '../equipment/SubDevicesTab';
import type { LoraCardProps } from './card-props';
import { readError, useSlaves } from './lora-reads';
import { normalSlaves, sameSlaves } from './lora-values';
import SlaveAdder from './SlaveAdder';

export const SLAVES_WRITE_KEY = 'lora:slaves';
export const SLAVES_CLEAR_KEY = 'lora:clear';

interface Row {
  readonly address: number;
  readonly name: string | null;
}

export default function SlavesCard({
  record,
  runner,
  canEdit,
  shown,
}: LoraCardProps & { readonly shown: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const slaves = useSlaves(record.id, record.unid, shown);
  const subs = useQuery({
    queryKey: subDevicesKey(record.id),
    queryFn: ({ signal }) => listSubDevices(record.id, signal),
    retry: false,
  });
  const [draft, setDraft] = useState<number[] | null>(null);
  const busy = runner.pending.has(SLAVES_WRITE_KEY) || runner.pending.has(SLAVES_CLEAR_KEY);

  const names = useMemo(() => {
    const byAddress = new Map<number, string>();
    for (const sub of subs.data?.items ?? []) {
      const address = Number(sub.address);
      if (sub.address !== null && Number.isInteger(address)) byAddress.set(address, sub.name);
    }
    return byAddress;
  }, [subs.data]);
  const table = draft ?? slaves.data;
  const rows: Row[] = (table ?? []).map((address) => ({ address, name: names.get(address) ?? null }));
  const missing = slaves.data
    ? [...names.keys()].filter((a) => !slaves.data.includes(a)).sort((a, b) => a - b)
    : [];

  const write = async (written: number[]): Promise<void> => {
    const done = await runner.run({ opr: 'lorawconfig', slaves: written }, SLAVES_WRITE_KEY, {
      label: t('rules.lora.slaves.write'),
      quiet: true,
    });
    if (!done) return;
    setDraft(null);
    const back = await slaves.refetch();
    if (back.status === 'error') {
      void message.warning(t('rules.lora.slaves.unverified', { message: readError(back.error, t) }));
    } else if (back.data && sameSlaves(back.data, written)) {
      void message.success(t('rules.lora.slaves.written'));
    } else {
      void message.warning(t('rules.lora.slaves.differs'));
    }
  };

  const clear = async (): Promise<void> => {
    const done = await runner.run({ opr: 'LoraClearSlave' }, SLAVES_CLEAR_KEY, {
      confirm: true,
      question: t('rules.lora.slaves.clearQuestion', { name: record.name }),
      quiet: true,
    });
    if (!done) return;
    setDraft(null);
    const back = await slaves.refetch();
    if (back.status === 'error') {
      void message.warning(t('rules.lora.slaves.unverified', { message: readError(back.error, t) }));
    } else if (back.data?.length === 0) {
      void message.success(t('rules.lora.slaves.cleared'));
    } else {
      void message.warning(t('rules.lora.slaves.notCleared', { count: back.data?.length ?? 0 }));
    }
  };

  const columns: TableColumnsType<Row> = [
    { key: 'address', title: t('rules.lora.slaves.columns.address'), dataIndex: 'address', width: 120 },
    {
      key: 'device',
      title: t('rules.lora.slaves.columns.device'),
      render: (_, row) =>
        row.name === null ? (
          <Typography.Text type="secondary">{t('rules.lora.slaves.noRecord')}</Typography.Text>
        ) : (
          row.name
        ),
    },
    ...(draft
      ? [
          {
            key: 'remove',
            width: 80,
            render: (_: unknown, row: Row) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('rules.lora.slaves.remove', { address: row.address })}
                icon={<DeleteOutlined />}
                onClick={() => setDraft(draft.filter((a) => a !== row.address))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={t('rules.lora.slaves.title')}
      extra={
        <Space size="small">
          {slaves.data ? (
            <Typography.Text type="secondary" data-testid="lora-slaves-count">
              {t('rules.lora.slaves.count', { count: slaves.data.length })}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary">{t('rules.lora.slaves.refresh')}</Typography.Text>
        </Space>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {slaves.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('rules.lora.slaves.readFailed', { message: readError(slaves.error, t) })}
          />
        ) : null}
        {missing.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="lora-slaves-missing"
            title={t('rules.lora.slaves.notInTable', {
              count: missing.length,
              addresses: missing.join(', '),
            })}
          />
        ) : null}
        {draft ? <Alert type="info" title={t('rules.lora.slaves.editing')} /> : null}
        <Table<Row>
          rowKey="address"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={slaves.isPending && slaves.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('rules.lora.slaves.empty') }}
          data-testid="lora-slaves"
        />
        {canEdit && draft ? (
          <Space wrap align="start">
            <SlaveAdder table={draft} onAdd={(address) => setDraft(normalSlaves([...draft, address]))} />
            <Button
              type="primary"
              loading={busy}
              onClick={() => void write(draft)}
              data-testid="lora-slaves-write"
            >
              {t('rules.lora.slaves.write')}
            </Button>
            <Button onClick={() => setDraft(null)} disabled={busy}>
              {t('rules.lora.slaves.cancel')}
            </Button>
          </Space>
        ) : null}
        {canEdit && !draft ? (
          <Space wrap>
            <Button
              onClick={() => setDraft(slaves.data ?? [])}
              disabled={slaves.data === undefined || busy}
              data-testid="lora-slaves-edit"
            >
              {t('rules.lora.slaves.edit')}
            </Button>
            <Button
              danger
              loading={runner.pending.has(SLAVES_CLEAR_KEY)}
              disabled={busy}
              onClick={() => void clear()}
            >
              {t('rules.lora.slaves.clear')}
            </Button>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}
