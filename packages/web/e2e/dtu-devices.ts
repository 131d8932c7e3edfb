/**
 * Simulated devices dialling the server's DTU listener for a browser suite: each runs from when
 * it is given until the suite ends, stopped before the console stops.
 */
import { DtuClient } from '@fieldlink/simulator';
import type { VirtualDevice } from '@fieldlink/simulator';
import { afterAll } from 'vitest';
import type { ConsoleSuite } from './suite.js';

/**
 * Call in the suite's describe after `useConsole` (vitest runs afterAll hooks last registered
 * first, so the devices stop before the console); gives what starts a device's link.
 */
export function useDtuDevices(suite: ConsoleSuite): (device: VirtualDevice) => DtuClient {
  const clients: DtuClient[] = [];
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.stop();
  }, 60_000);
  return (device) => {
    const client = new DtuClient(device, { host: '127.0.0.1', port: suite.server.dtuPort, heartbeatMs: 0 });
    clients.push(client);
    client.start();
    return client;
  };
}
