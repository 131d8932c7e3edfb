/**
 * The error log (§2): runtime errors caught anywhere in the page (window errors, unhandled
 * rejections, React render errors) with the route they happened on. Persisted, at most 100.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface ErrorEntry {
  /** The route (hash path) shown when it happened. */
  readonly route: string;
  readonly message: string;
  readonly stack: string;
  /** Epoch ms. */
  readonly at: number;
}

export const MAX_ERRORS = 100;
export const ERROR_LOG_STORAGE_KEY = 'fieldlink.errorLog';

interface ErrorLogState {
  readonly errors: readonly ErrorEntry[];
}

export const useErrorLog = create<ErrorLogState>()(
  persist(() => ({ errors: [] as readonly ErrorEntry[] }), { name: ERROR_LOG_STORAGE_KEY }),
);

/** Newest first; beyond 100 the oldest drop out. */
export function appendError(list: readonly ErrorEntry[], entry: ErrorEntry): readonly ErrorEntry[] {
  return [entry, ...list].slice(0, MAX_ERRORS);
}

export function currentRoute(): string {
  return globalThis.location?.hash.replace(/^#/, '') || '/';
}

/** Turn whatever was thrown into message and stack. */
export function describeError(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

export function logError(reason: unknown, route = currentRoute()): void {
  const { message, stack } = describeError(reason);
  useErrorLog.setState((s) => ({ errors: appendError(s.errors, { route, message, stack, at: Date.now() }) }));
}

export function clearErrors(): void {
  useErrorLog.setState({ errors: [] });
}

let installed = false;

/** Listen for window errors and unhandled rejections, once per page. */
export function installErrorCapture(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // Resource load failures (an <img> 404) arrive here too, without an error object or message.
    if (!event.error && !event.message) return;
    logError(event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => logError(event.reason));
}
