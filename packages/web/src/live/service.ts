/**
 * The live channel wired to the console: started when a session becomes active and stopped on
 * sign-out (session/lifecycle). Device info goes through the batcher into the equipment store;
 * alarms pop up; `untoken` signs out; a reconnect or an overflow reads the state anew; the
 * selected equipment is watched (cyclic and AO reads) on a 1 s tick.
 */
import { operationMessage } from '@fieldlink/protocol';
import type { ServerMessage, Untoken } from '@fieldlink/protocol';
import { alarmAcknowledged, handleAlarm, resetAlarms } from '../alarms/notify';
import { sharingKey } from '../api/sharing';
import { queryClient } from '../app/query-client';
import { directory, equipmentKeys, records } from '../equipment/directory';
import { loadEquipment, loadRecord, resetEquipment, resyncEquipment } from '../equipment/loading';
import { useEquipmentStore } from '../equipment/store';
import type { EquipmentState } from '../equipment/store';
import { i18n } from '../i18n';
import { onSignIn, onSignOut } from '../session/lifecycle';
import { logout } from '../session/logout';
import { notify } from '../session/notify';
import { refreshTokens } from '../session/refresh';
import { useSession } from '../session/store';
import { pushSeen, stopAdding } from '../equipment/adding';
import { cancelRefresh, scheduleRefresh } from '../equipment/refresh';
import { RegisterReads } from '../rules/register-reads';
import { recordHistory } from '../shell/historyLists';
import { noticeArrived } from '../shell/notices';
import { DeviceInfoBatcher } from './batcher';
import { LiveClient, liveUrl } from './client';
import { setLiveStatus } from './status';
import { aoRead, cyclicRead, SelectionWatcher, STALE_MS, TICK_MS } from './watch';
import type { WatchedDevice } from './watch';

const equipment = (): EquipmentState => useEquipmentStore.getState();

/** Changes announced within this window share one refresh. */
export const CHANGE_COALESCE_MS = 300;

const batcher = new DeviceInfoBatcher((updates) => equipment().applyUpdates(updates));

/** The rules tab's register reads; their replies and refusals come back through `route`. */
export const registerReads = new RegisterReads({ send: (message) => liveClient.send(message) });

export const liveClient = new LiveClient({
  url: () => liveUrl(),
  token: () => useSession.getState().accessToken,
  onMessage: route,
  onRegistered: () => {
    setLiveStatus('live');
    watcher.registered();
  },
  // The indicator says so at once; the client reconnects with back-off and resyncs once registered.
  onDropped: () => {
    setLiveStatus('connecting');
    // Replies to reads sent on the lost socket will not come.
    registerReads.failAll();
  },
  onResync: () => {
    void resyncEquipment().then(() => watcher.resync());
  },
  onUntoken: (info) => void untoken(info),
});

/** At most one refresh-and-retry per minute for an expired token, so a bad clock cannot loop. */
const EXPIRED_RETRY_MS = 60_000;
let expiredRetryAt = Number.NEGATIVE_INFINITY;

/**
 * A refused token signs the user out, except one that merely expired (a socket reopened after
 * the laptop slept past the refresh): that one is refreshed and the channel opened again.
 */
async function untoken(info: Untoken['info']): Promise<void> {
  const now = Date.now();
  if (info.reason === 'expired' && now - expiredRetryAt > EXPIRED_RETRY_MS) {
    expiredRetryAt = now;
    setLiveStatus('connecting');
    if ((await refreshTokens()) === 'refreshed' && useSession.getState().accessToken) {
      liveClient.start();
      return;
    }
  }
  setLiveStatus('stopped');
  notify('warning', info.message || i18n.t('monitoring.live.untoken'), 'live-untoken');
  await logout();
}

const watcher = new SelectionWatcher({
  now: () => Date.now(),
  send: (device, op) => liveClient.send(operationMessage(device.unid, op)),
  lastPushAt: (id) => equipment().live[id]?.receivedAt ?? 0,
});

function route(message: ServerMessage): void {
  switch (message.infotype) {
    case 'PushInfo':
    case 'EquipInfoNow':
    case 'GPRSReg':
      pushSeen(message.info.SN);
      batcher.push(message.info);
      return;
    case 'EquipChanged':
      // Another console (or this one) changed what the user sees: read it anew, once per burst.
      // A device's sharing needs only its lists; a record's change the tree (names) and that
      // record; a changed set everything.
      if (message.info.reason === 'sharing') {
        if (message.info.id !== undefined)
          void queryClient.invalidateQueries({ queryKey: sharingKey(message.info.id) });
        return;
      }
      scheduleRefresh(CHANGE_COALESCE_MS, { records: message.info.reason === 'access' });
      if (message.info.id !== undefined && records()[message.info.id]) {
        void loadRecord(message.info.id).catch(() => undefined);
      }
      return;
    case 'Notiface':
      // The alarm's channel state may still be in the batch: apply it first, so the popup and
      // the panels agree.
      batcher.flush();
      equipment().markAlarm(message.info.SN);
      handleAlarm(message.info);
      return;
    case 'AlarmAck':
      // Acknowledged here or in another session: lists show who and when; its pop-up and sound stop.
      alarmAcknowledged(message.info.eventId, {
        userId: message.info.userId,
        userName: message.info.userName,
        at: message.info.at,
      });
      return;
    case 'Notice':
      // A new announcement or alarm notices for this user: the popover and pages read them anew.
      noticeArrived(message.info);
      return;
    case 'unregister':
      recordHistory('debug', { text: `live: unregister (${message.info.reason})` });
      setLiveStatus('connecting');
      return;
    case 'ModbusReg':
      registerReads.onMessage(message);
      return;
    case 'error':
      // §3's debug list: what the server refused, kept per user.
      recordHistory('debug', {
        text: `${message.info.infotype ?? 'live'}: ${message.info.code} ${message.info.message}`,
      });
      registerReads.onMessage(message);
      return;
    default:
    // Operation outcomes come back on the REST reply; reads answer with pushes.
  }
}

/** A device as the reads need it (serial, AO block); null while it is not in the directory. */
function deviceOf(id: number): WatchedDevice | null {
  const dir = directory();
  const entry = dir.entries[id];
  if (!entry) return null;
  const record = records()[id];
  const type = dir.types[entry.type];
  return {
    id,
    unid: entry.unid,
    aoRegister: record?.aoRegister ?? type?.aoRegister ?? 400,
    aoCount: record?.counts.ao ?? type?.counts.ao ?? 0,
  };
}

/** The selected equipment as the watcher needs it; null while its type is not known. */
function watchedDevice(s: EquipmentState): WatchedDevice | null {
  return s.selectedId === null ? null : deviceOf(s.selectedId);
}

/** When readIfStale last read each device. */
const staleReads = new Map<number, number>();

/**
 * Reads a device now (a cyclic read and its analog outputs) when nothing was pushed for it for
 * STALE_MS: for views that show several devices at once (diagrams), which the selection watcher
 * does not cover. False when the device is not known or the read could not be sent.
 */
export function readIfStale(id: number, now = Date.now()): boolean {
  const device = deviceOf(id);
  if (!device || !liveClient.registered) return false;
  // Quiet since the last push and since our last read: an offline device is not asked every tick.
  const seen = Math.max(equipment().live[id]?.receivedAt ?? 0, staleReads.get(id) ?? 0);
  if (now - seen <= STALE_MS) return true;
  staleReads.set(id, now);
  const sent = liveClient.send(operationMessage(device.unid, cyclicRead()));
  const ao = aoRead(device);
  if (ao) liveClient.send(operationMessage(device.unid, ao));
  return sent;
}

let tick: ReturnType<typeof setInterval> | null = null;
let unsubscribers: (() => void)[] = [];

export function startLive(): void {
  if (liveClient.running) return;
  setLiveStatus('connecting');
  liveClient.start();
  tick = setInterval(() => watcher.tick(), TICK_MS);
  const follow = (): void => {
    const device = watchedDevice(equipment());
    if (device?.id !== watcher.device?.id || device?.unid !== watcher.device?.unid) watcher.select(device);
  };
  unsubscribers = [
    useEquipmentStore.subscribe((s, before) => {
      if (s.selectedId !== before.selectedId) follow();
    }),
    // A new tree may rename a serial or drop the device.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[1] === equipmentKeys.directory[1]) follow();
    }),
    useSession.subscribe((s, before) => {
      // A refreshed token keeps the socket; the server takes the new one on a new register.
      if (s.accessToken && s.accessToken !== before.accessToken && liveClient.registered)
        liveClient.reregister();
    }),
  ];
  watcher.select(watchedDevice(equipment()));
  // A read already running (the page asked first) is joined; anything else is read anew.
  void loadEquipment();
}

export function stopLive(): void {
  liveClient.stop();
  setLiveStatus('stopped');
  if (tick !== null) clearInterval(tick);
  tick = null;
  for (const u of unsubscribers) u();
  unsubscribers = [];
  batcher.dispose();
  registerReads.failAll();
  watcher.select(null);
  staleReads.clear();
  resetAlarms();
  cancelRefresh();
  stopAdding();
  resetEquipment();
}

let installed = false;

/** Hooks the channel to the session's lifecycle; idempotent. */
export function installLive(): void {
  if (installed) return;
  installed = true;
  onSignIn(() => startLive());
  onSignOut(() => stopLive());
}
