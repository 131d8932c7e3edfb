/** Server settings from the environment, with the defaults of docs/operations.md. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number 0-65535, got '${env.PORT}'`);
  }
  return { port, host: env.HOST ?? '0.0.0.0', dataDir: env.DATA_DIR ?? './data' };
}
