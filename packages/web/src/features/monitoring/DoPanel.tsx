/**
 * Relay outputs: each output's picture (the record's on or off image, drawn), name and control. The control follows the
 * output's mode in the device UI (fDOUIMode) when the type accepts it: 0 a switch, 1/2 a button
 * that opens (closes) for a time, 3 a button that cycles. Every single operation asks first when
 * the user's secured operation is on (confirmOperations); open all / close all show per the user's
 * and the device's settings and ask first when confirmOpenCloseAll is on (and are then sent as
 * aopen/aclose, so the server's log tells confirmed ones apart). A user who confirms operations
 * with the password (operationPassword) is asked it for each of them (use-operation.ts). Read-only
 * users see no controls. Outputs the device does not have (it refused their coils) show '—' with
 * the reason, no state and no control.
 */
import { operationForRelayMode, parseDoUiMode } from '@fieldlink/protocol';
import type { ChannelView, DoUiMode, Operation } from '@fieldlink/protocol';
import { App, Button, Card, Space, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment, EquipmentType } from '../../api/equipment';
import { ChannelImage } from '../configure/channel-images';
import type { PanelParam } from './format';
import { UnavailableValue } from './UnsupportedAlert';
import { useOperation } from './use-operation';

interface Props {
  readonly record: Pick<Equipment, 'id' | 'name' | 'counts' | 'settings'>;
  readonly type: EquipmentType | undefined;
  readonly views: readonly ChannelView[];
  readonly canOperate: boolean;
  readonly param: PanelParam;
  /** Why the outputs are not read, when the device does not have them. */
  readonly unavailable?: string | undefined;
}

/** The output's mode, or normal when the type does not accept it. */
export function effectiveModes(
  doUi: string,
  count: number,
  relayModes: readonly number[] | undefined,
): DoUiMode[] {
  return parseDoUiMode(doUi, count).map((m) =>
    relayModes === undefined || relayModes.includes(m.mode) ? m : { mode: 0, params: [] },
  );
}

export default function DoPanel({ record, type, views, canOperate, param, unavailable }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pending, passwordAsked, run, prompt } = useOperation(record.id);
  const modes = useMemo(
    () => effectiveModes(record.settings.modes.doUi, record.counts.do, type?.relayModes),
    [record.settings.modes.doUi, record.counts.do, type?.relayModes],
  );

  const actionLabel = (mode: DoUiMode, on: boolean): string => {
    switch (mode.mode) {
      case 1:
        return t('monitoring.do.pulseOpen', { seconds: mode.params[0] / 10 });
      case 2:
        return t('monitoring.do.pulseClose', { seconds: mode.params[0] / 10 });
      case 3:
        return t('monitoring.do.cycle', { count: mode.params[0] });
      default:
        return on ? t('monitoring.do.close') : t('monitoring.do.open');
    }
  };

  const press = (view: ChannelView, mode: DoUiMode): void => {
    const on = view.value === 1;
    const result = operationForRelayMode(mode.mode, mode.params, view.id, !on);
    if (!result.ok) {
      void message.error(t('monitoring.operation.invalid', { message: result.error }));
      return;
    }
    void run(result.operation, `do${view.id}`, {
      label: `${view.name}: ${actionLabel(mode, on)}`,
      question: t('monitoring.do.confirmOne', {
        action: actionLabel(mode, on),
        name: view.name,
        device: record.name,
      }),
      confirm: param.confirmOperations,
    });
  };

  const all = (open: boolean): void => {
    const ask = param.confirmOpenCloseAll;
    // Asked for the password, the user confirmed it too.
    const confirmed = ask || passwordAsked;
    const operation: Operation = {
      opr: open ? (confirmed ? 'aopen' : 'open') : confirmed ? 'aclose' : 'close',
    };
    void run(operation, 'all', {
      question: t(open ? 'monitoring.do.confirmOpenAll' : 'monitoring.do.confirmCloseAll', {
        device: record.name,
      }),
      confirm: ask,
    });
  };

  const shown = unavailable === undefined;
  const showOpenAll = shown && canOperate && param.openAllButton && record.settings.showOpenAll;
  const showCloseAll = shown && canOperate && param.closeAllButton && record.settings.showCloseAll;

  return (
    <Card
      size="small"
      title={t('monitoring.do.title')}
      extra={
        (showOpenAll || showCloseAll) && (
          <Space>
            {showOpenAll && (
              <Button size="small" type="primary" loading={pending.has('all')} onClick={() => all(true)}>
                {t('monitoring.do.openAll')}
              </Button>
            )}
            {showCloseAll && (
              <Button size="small" loading={pending.has('all')} onClick={() => all(false)}>
                {t('monitoring.do.closeAll')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <div className="channel-grid" data-kind="do">
        {views.map((view) => {
          const on = shown && view.value === 1;
          const mode = modes[view.id] ?? { mode: 0, params: [] };
          const busy = pending.has(`do${view.id}`);
          return (
            <div
              key={view.id}
              className="channel-cell"
              data-channel={view.passage}
              data-on={shown ? on : undefined}
              data-unavailable={!shown || undefined}
            >
              <ChannelImage name={view.image} fallback="switch" on={on} />
              <div className="channel-text">
                <Typography.Text strong ellipsis title={view.name}>
                  {view.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {view.passage}
                  {shown && ` · ${on ? t('monitoring.do.on') : t('monitoring.do.off')}`}
                </Typography.Text>
              </div>
              {unavailable !== undefined && <UnavailableValue text={unavailable} channel={view.passage} />}
              {shown &&
                canOperate &&
                (mode.mode === 0 ? (
                  <Switch
                    size="small"
                    checked={on}
                    loading={busy}
                    aria-label={`${view.passage} ${view.name}`}
                    onClick={() => press(view, mode)}
                  />
                ) : (
                  <Button size="small" loading={busy} onClick={() => press(view, mode)}>
                    {actionLabel(mode, on)}
                  </Button>
                ))}
            </div>
          );
        })}
      </div>
      {prompt}
    </Card>
  );
}
