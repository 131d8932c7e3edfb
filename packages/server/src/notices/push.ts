/**
 * Telling consoles about new notices: a `Notice` message to the registered sessions of the users
 * it is for, on this node. Consoles connected to other nodes learn of them when they next read
 * their notices (the console reads them again on every reconnect and every few minutes).
 */
import type { NoticeMessage } from '@fieldlink/protocol';
import type { LiveHub } from '../live/hub.js';

/** Sends the message to the sessions of these users; returns how many sessions got it. */
export function pushToUsers(hub: LiveHub, userIds: Iterable<number>, message: NoticeMessage): number {
  const sessions = hub.sessionsOf(userIds);
  for (const session of sessions) hub.send(session, message);
  return sessions.length;
}

/** Sends the message to every registered session (an announcement to everyone). */
export function pushToEveryone(hub: LiveHub, message: NoticeMessage): number {
  const sessions = hub.registered();
  for (const session of sessions) hub.send(session, message);
  return sessions.length;
}
