/**
 * Messages from outside components (the 401 handler, logout, the guard's async sign-ins). The
 * router's layout installs antd's context-aware message API here (App.useApp), so messages take
 * the theme; before that the static API is used.
 */
import { message as staticMessage } from 'antd';

type Level = 'success' | 'info' | 'warning' | 'error';
export interface Notifier {
  open(config: { type: Level; content: string; key?: string; duration?: number }): unknown;
}

let notifier: Notifier = staticMessage;

export function setNotifier(next: Notifier | null): void {
  notifier = next ?? staticMessage;
}

/** Shows a message; `key` makes repeats replace one another instead of piling up. */
export function notify(type: Level, content: string, key?: string): void {
  notifier.open({ type, content, duration: 3, ...(key ? { key } : {}) });
}
