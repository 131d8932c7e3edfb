/** The log the gateway writes to: the app's pino logger in the server, a recorder in tests. */
export interface GatewayLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: GatewayLog = { info() {}, warn() {}, error() {} };
