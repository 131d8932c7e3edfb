/**
 * The selected equipment: its header (name, serial, type, link, alarm, battery, when it was last
 * read), a warning while it is online but does not answer at its slave address, a note naming the
 * register blocks it does not have (their channels show '—'), and its tabs (channel panels
 * first). The record is read anew on selection (names, scaling and rights may have changed); the
 * values come from the live channel.
 */
import { Alert, Badge, Card, Empty, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { TabsProps } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelViews } from '../../equipment/channels';
import { emptyLiveState } from '../../equipment/live-state';
import { canConfigure, canOperate } from '../../equipment/rights';
import { useDirectory, usePermission, useRecord } from '../../equipment/directory';
import { loadRecord } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { usePoint } from '../../routes/points';
import { useMe } from '../../session/me';
import { useTimeFormat } from '../../time/zone';
import { hasCameraRight } from '../cameras/access';
import AoPanel from './AoPanel';
import DoPanel from './DoPanel';
import { panelParam } from './format';
import { AiPanel, DiPanel } from './InputPanels';
import {
  CameraTab,
  DisplayTab,
  DynamicGraphTab,
  InfoTab,
  ParametersTab,
  RadioTab,
  RulesTab,
  SharingTab,
  SubDevicesTab,
} from './device-tabs';
import LiveIndicator from './LiveIndicator';
import UnansweredAlert, { unansweredAddressOf } from './UnansweredAlert';
import UnsupportedAlert, { unavailableTexts } from './UnsupportedAlert';
import { mayManageLink } from '../configure/link-access';
import LinkTab from '../configure/LinkTab';
import { confirmDiscard } from '../configure/unsaved';
import DeleteEquipmentButton from '../equipment/DeleteEquipmentButton';

/** The areas of a device (spec §2 equipment detail areas), in the order of its tabs. */
export type DeviceTab =
  | 'live'
  | 'camera'
  | 'info'
  | 'parameters'
  | 'graph'
  | 'display'
  | 'rules'
  | 'link'
  | 'sharing'
  | 'subDevices';

/** What a tab other than the live one shows while its code loads (device-tabs.ts). */
const TAB_LOADING = <Spin style={{ display: 'block', margin: '48px auto' }} />;

export default function DeviceView({
  id,
  initialTab = 'live',
}: {
  readonly id: number;
  /** The tab shown first (the configuration page opens on 'info'). */
  readonly initialTab?: DeviceTab;
}) {
  const { t, i18n } = useTranslation();
  const time = useTimeFormat();
  const record = useRecord(id);
  const live = useEquipmentStore((s) => s.live[id]);
  const flags = useEquipmentStore((s) => s.flags[id]);
  const unsupported = useEquipmentStore((s) => s.unsupported[id]);
  const permission = usePermission(id);
  const type = useDirectory((d) => (record ? d.types[record.type] : undefined));
  const me = useMe((s) => s.me);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<DeviceTab>(initialTab);
  const operatePoint = usePoint('operate');

  useEffect(() => {
    setError(null);
    loadRecord(id).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [id]);

  const state = useMemo(() => live ?? (record ? emptyLiveState(record.counts) : undefined), [live, record]);
  const views = useMemo(() => (record && state ? channelViews(record, state) : null), [record, state]);
  const unavailable = useMemo(
    () => unavailableTexts(unsupported, t, i18n.language),
    [unsupported, t, i18n.language],
  );

  if (!record || !views || !state) {
    if (error)
      return <Alert type="error" showIcon message={t('monitoring.device.loadError', { message: error })} />;
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }

  // The device's right and the account's OPR ability (§6; the server asks both).
  const operate = canOperate(permission) && operatePoint;
  const typeName = type ? (type.names[i18n.language as 'en' | 'zh' | 'tc'] ?? type.names.zh) : record.type;
  const isOnline = flags?.isOnline ?? record.status.online;
  const isAlarm = flags?.isAlarm ?? false;
  // No battery until the device has reported one (null in the record).
  const soc = flags ? flags.soc : record.status.soc;
  const unanswered = unansweredAddressOf(isOnline, flags, record.status);
  const managesLink = mayManageLink(record, permission, me?.authority);
  const openTab = (key: DeviceTab): void => {
    void confirmDiscard().then((discard) => discard && setTab(key));
  };
  const param = panelParam(me);
  const hasChannels = record.counts.do + record.counts.di + record.counts.ai + record.counts.ao > 0;

  const liveTab = (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {!operate && (
        <Alert
          type="info"
          showIcon
          message={t(
            canOperate(permission) ? 'monitoring.device.noOperateAbility' : 'monitoring.device.readOnly',
          )}
        />
      )}
      {!hasChannels && <Empty description={t('monitoring.device.noChannels')} />}
      {record.counts.do > 0 && (
        <DoPanel
          record={record}
          type={type}
          views={views.do}
          canOperate={operate}
          param={param}
          unavailable={unavailable.do}
        />
      )}
      {record.counts.di > 0 && (
        <DiPanel views={views.di} known={state.known.di} unavailable={unavailable.di} />
      )}
      {record.counts.ai > 0 && (
        <AiPanel
          views={views.ai}
          settings={record.settings}
          known={state.known.ai}
          unavailable={unavailable.ai}
        />
      )}
      {record.counts.ao > 0 && (
        <AoPanel record={record} views={views.ao} canOperate={operate} unavailable={unavailable.ao} />
      )}
    </Space>
  );
  const items: TabsProps['items'] = [
    { key: 'live', label: t('monitoring.device.tabs.live'), children: liveTab },
    ...(hasCameraRight(permission)
      ? [{ key: 'camera', label: t('cameras.device.tab'), children: <CameraTab record={record} /> }]
      : []),
    { key: 'info', label: t('monitoring.device.tabs.info'), children: <InfoTab record={record} /> },
    {
      key: 'parameters',
      label: t('monitoring.device.tabs.parameters'),
      children: <ParametersTab record={record} />,
    },
    // Spec §2 lists the dynamic graph just before the UI (display) area.
    { key: 'graph', label: t('diagramLinks.graph.tab'), children: <DynamicGraphTab record={record} /> },
    { key: 'display', label: t('monitoring.device.tabs.display'), children: <DisplayTab record={record} /> },
    ...((type?.rulePages.length ?? 0) > 0
      ? [{ key: 'rules', label: t('rules.page.tab'), children: <RulesTab record={record} /> }]
      : []),
    ...(type?.hostRole === 'team'
      ? [{ key: 'radio', label: t('rules.lora.tab'), children: <RadioTab record={record} /> }]
      : []),
    ...(managesLink
      ? [{ key: 'link', label: t('monitoring.device.tabs.link'), children: <LinkTab record={record} /> }]
      : []),
    { key: 'sharing', label: t('monitoring.device.tabs.sharing'), children: <SharingTab record={record} /> },
    ...(type?.hostRole
      ? [
          {
            key: 'subDevices',
            label: t('monitoring.device.tabs.subDevices'),
            children: <SubDevicesTab record={record} />,
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-device={record.unid}>
      <Card size="small">
        <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {record.name}
            </Typography.Title>
            <Badge
              status={isOnline ? 'success' : 'default'}
              text={isOnline ? t('monitoring.device.online') : t('monitoring.device.offline')}
            />
            {isAlarm && <Tag color="error">{t('monitoring.tree.alarm')}</Tag>}
            {soc !== null && (
              <Typography.Text type="secondary" data-testid="device-soc">
                {t('monitoring.tree.soc', { soc })}
              </Typography.Text>
            )}
          </Space>
          <Space>
            <DeleteEquipmentButton record={record} />
            <LiveIndicator />
          </Space>
        </Space>
        <Space wrap size="large" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            {t('monitoring.device.serial')}: <Typography.Text copyable>{record.unid}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('monitoring.device.type')}: {typeName}
          </Typography.Text>
          <Typography.Text type="secondary">
            {state.time
              ? t('monitoring.device.updated', {
                  // The instant in the console's zone; an older server's own text without one.
                  time: state.readAt === undefined ? state.time : time.format(state.readAt),
                })
              : t('monitoring.device.notYet')}
          </Typography.Text>
          {permission?.until && (
            <Typography.Text type="secondary">
              {t('monitoring.device.sharedUntil', { time: time.format(permission.until) })}
            </Typography.Text>
          )}
          {!canConfigure(permission) && (
            <Typography.Text type="warning" data-testid="no-config">
              {t('monitoring.device.noConfig')}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {unanswered !== undefined && (
        <UnansweredAlert
          address={unanswered}
          subDevice={record.parentId !== null}
          onOpenLink={managesLink ? () => openTab('link') : undefined}
        />
      )}
      {unsupported && <UnsupportedAlert blocks={unsupported} />}
      {record.openLink && (
        <Alert type="warning" showIcon message={t('monitoring.device.openLink')} data-testid="open-link" />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => openTab(key as DeviceTab)}
        items={items?.map((item) =>
          item.key === 'live'
            ? item
            : { ...item, children: <Suspense fallback={TAB_LOADING}>{item.children}</Suspense> },
        )}
        destroyOnHidden
      />
    </Space>
  );
}
