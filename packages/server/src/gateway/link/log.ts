/** The log the gateway writes to: the app's pino logger in the server, a recorder in tests. */
export interface GatewayLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: GatewayLog = { info() {}, warn() {}, error() {} };

/**
 * The log of one part of the server: each line with `component` in its details, written to the log
 * `target()` gives at the time (the app's, which exists only once the app is built; none before).
 */
export function componentLog(component: string, target: () => GatewayLog | null): GatewayLog {
  return {
    info: (details, message) => target()?.info({ component, ...details }, message),
    warn: (details, message) => target()?.warn({ component, ...details }, message),
    error: (details, message) => target()?.error({ component, ...details }, message),
  };
}
