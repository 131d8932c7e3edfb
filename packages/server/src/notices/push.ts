/**
 * Telling consoles about new notices: a `Notice` message to the registered sessions of the users
 * it is for, on every node (the live hub relays it over the bus when there are several). Consoles
 * that are not connected learn of them when they next read their notices (the console reads them
 * again on every reconnect and every few minutes).
 */
import type { NoticeMessage } from '@fieldlink/protocol';
import type { LiveHub } from '../live/hub.js';

/** Sends the message to the sessions of these users; returns how many sessions here got it. */
export function pushToUsers(hub: LiveHub, userIds: Iterable<number>, message: NoticeMessage): number {
  return hub.sendToUsers(userIds, message);
}

/** Sends the message to every registered session (an announcement to everyone). */
export function pushToEveryone(hub: LiveHub, message: NoticeMessage): number {
  return hub.sendToEveryone(message);
}
