/**
 * A group's devices at a glance: one row per device with its link (and a warning when it is
 * online but does not answer at its slave address), battery and every channel's live value
 * (outputs and inputs as lamps, analog values scaled with their units, alarms in the alarm
 * colour; '—' for a block the device does not have), so a whole site is watched on one screen.
 * Each row reads its own device from the store, so a push repaints only the rows it touches; a
 * page holds at most PAGE_SIZE rows.
 */
import { Button, Card, Empty, Pagination, Space, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '@fieldlink/protocol';
import { channelViews } from '../../equipment/channels';
import { emptyLiveState } from '../../equipment/live-state';
import { useDirectory, useRecord } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { deviceIds } from '../../equipment/tree';
import type { BlockKind, UnsupportedBlocks } from '../../equipment/unsupported';
import { formatValue } from './format';
import LiveIndicator from './LiveIndicator';
import { UnansweredBadge } from './UnansweredAlert';
import { unavailableTexts } from './UnsupportedAlert';
import './group-view.css';

export const PAGE_SIZE = 100;

/** The table's columns: their text key under monitoring.group and their width class. */
const COLUMNS = [
  ['name', 'group-col-name'],
  ['link', 'group-col-link'],
  ['battery', 'group-col-battery'],
  ['outputs', 'group-col-lamps'],
  ['inputs', 'group-col-lamps'],
  ['analogInputs', undefined],
  ['analogOutputs', undefined],
] as const;

interface Props {
  /** The group's key in the tree ('m_' + index). */
  readonly groupKey: string;
  readonly onSelect: (id: number) => void;
  readonly onClose: () => void;
}

/**
 * Channels read 0 until their kind's first values arrive: that placeholder must not alarm, so
 * `known` says whether values of this kind have arrived.
 */
interface ChannelsProps {
  readonly views: readonly ChannelView[];
  readonly known: boolean;
  /** Why the block is not read, when the device does not have it: '—' instead of its channels. */
  readonly unavailable: string | undefined;
}

function Unavailable({ text }: { readonly text: string }) {
  return (
    <span className="group-unavailable" role="img" aria-label={text} title={text}>
      —
    </span>
  );
}

const Lamps = memo(function Lamps({ views, known, unavailable }: ChannelsProps) {
  if (unavailable !== undefined) return <Unavailable text={unavailable} />;
  return (
    <span className="group-lamps">
      {views.map((v) => (
        <span
          key={v.passage}
          className={`group-lamp${v.value ? ' group-lamp-on' : ''}${known && v.alarm !== 0 ? ' group-lamp-alarm' : ''}`}
          title={`${v.passage} ${v.name}`}
          data-value={v.value}
          data-channel={v.passage}
        />
      ))}
    </span>
  );
});

const Values = memo(function Values({ views, known, unavailable }: ChannelsProps) {
  if (unavailable !== undefined) return <Unavailable text={unavailable} />;
  return (
    <span className="group-values">
      {views.map((v) => (
        <span
          key={v.passage}
          className={known && v.alarm !== 0 ? 'group-value group-value-alarm' : 'group-value'}
          title={`${v.passage} ${v.name}`}
          data-channel={v.passage}
        >
          {formatValue(v.value)}
          {v.unit ? <small> {v.unit}</small> : null}
        </span>
      ))}
    </span>
  );
});

/** Texts the rows show, resolved once per language rather than in each row. */
interface RowLabels {
  readonly online: string;
  readonly offline: string;
  /** A device online whose link is up but which does not answer at this slave address. */
  readonly unanswered: (address: number) => string;
  /** Why each block the device refused is not read. */
  readonly unavailable: (blocks: UnsupportedBlocks | undefined) => Partial<Record<BlockKind, string>>;
  readonly loading: string;
}

// Rows are plain elements styled by group-view.css: an antd component in each would make every
// batch of pushes a long task (its style hooks run on each render).
const GroupRow = memo(function GroupRow({
  id,
  labels,
  onSelect,
}: {
  readonly id: number;
  readonly labels: RowLabels;
  readonly onSelect: (id: number) => void;
}) {
  const entry = useDirectory((d) => d.entries[id]);
  const flags = useEquipmentStore((s) => s.flags[id]);
  const unsupported = useEquipmentStore((s) => s.unsupported[id]);
  const unavailable = useMemo(() => labels.unavailable(unsupported), [labels, unsupported]);
  const record = useRecord(id);
  const live = useEquipmentStore((s) => s.live[id]);
  const channels = useMemo(() => {
    if (!record) return null;
    const state = live ?? emptyLiveState(record.counts);
    return { views: channelViews(record, state), known: state.known };
  }, [record, live]);
  if (!entry) return null;
  return (
    <tr data-device={entry.unid} className={flags?.isAlarm ? 'group-row-alarm' : undefined}>
      <th scope="row">
        <button type="button" className="group-name" onClick={() => onSelect(id)} title={entry.unid}>
          {entry.name}
        </button>
      </th>
      <td>
        <span
          className={flags?.isOnline ? 'tree-dot tree-dot-online' : 'tree-dot'}
          title={flags?.isOnline ? labels.online : labels.offline}
        />
        {flags?.isOnline && flags.unansweredAddress !== undefined && (
          <UnansweredBadge
            label={labels.unanswered(flags.unansweredAddress)}
            className="tree-unanswered group-unanswered"
            testId="group-unanswered"
          />
        )}
      </td>
      <td className="group-soc">
        <span data-channel="SOC">{flags && flags.soc !== null ? `${flags.soc}%` : ''}</span>
      </td>
      {channels ? (
        <>
          <td>
            <Lamps views={channels.views.do} known={channels.known.do} unavailable={unavailable.do} />
          </td>
          <td>
            <Lamps views={channels.views.di} known={channels.known.di} unavailable={unavailable.di} />
          </td>
          <td>
            <Values views={channels.views.ai} known={channels.known.ai} unavailable={unavailable.ai} />
          </td>
          <td>
            <Values views={channels.views.ao} known={channels.known.ao} unavailable={unavailable.ao} />
          </td>
        </>
      ) : (
        <td colSpan={4} className="group-loading">
          {labels.loading}
        </td>
      )}
    </tr>
  );
});

export default function GroupView({ groupKey, onSelect, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const group = useDirectory((d) => d.groups.find((g) => g.key === groupKey));
  const ids = useMemo(() => (group ? deviceIds(group.children) : []), [group]);
  const [page, setPage] = useState(1);
  const shown = ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const labels = useMemo<RowLabels>(
    () => ({
      online: t('monitoring.tree.online'),
      offline: t('monitoring.tree.offline'),
      unanswered: (address) => t('monitoring.tree.unanswered', { address }),
      unavailable: (blocks) => unavailableTexts(blocks, t, i18n.language),
      loading: t('monitoring.group.loading'),
    }),
    [t, i18n.language],
  );

  return (
    <Card
      size="small"
      title={
        <Space>
          {group?.name ?? ''}
          <Typography.Text type="secondary">
            {t('monitoring.tree.devices', { count: ids.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space>
          <LiveIndicator />
          <Button size="small" onClick={onClose}>
            {t('monitoring.group.close')}
          </Button>
        </Space>
      }
    >
      {ids.length === 0 ? (
        <Empty description={t('monitoring.tree.empty')} />
      ) : (
        <>
          <div className="group-table-wrap">
            <table className="group-table" aria-label={group?.name}>
              <thead>
                <tr>
                  {COLUMNS.map(([key, className]) => (
                    <th key={key} scope="col" className={className}>
                      {t(`monitoring.group.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((id) => (
                  <GroupRow key={id} id={id} labels={labels} onSelect={onSelect} />
                ))}
              </tbody>
            </table>
          </div>
          {ids.length > PAGE_SIZE ? (
            <Pagination
              size="small"
              style={{ marginTop: 8 }}
              current={page}
              pageSize={PAGE_SIZE}
              total={ids.length}
              showSizeChanger={false}
              onChange={setPage}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
