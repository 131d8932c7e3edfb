/** Camera replies shaped like the server's, and timers a test runs by hand. */
import type { Camera, CameraList, EquipmentCamera } from '../../api/cameras';
import type { Schedule } from './stream-session';

export function cloudCamera(overrides: Partial<Camera> = {}): Camera {
  return {
    key: 'cloud:C1234',
    source: 'cloud',
    name: 'Gate',
    serial: 'C1234',
    channel: 1,
    id: null,
    url: null,
    kind: null,
    online: true,
    equipment: [],
    ...overrides,
  };
}

export function urlCamera(overrides: Partial<Camera> = {}): Camera {
  const id = overrides.id ?? 9;
  return {
    key: `url:${id}`,
    source: 'url',
    name: 'Yard',
    serial: null,
    channel: null,
    id,
    url: 'http://192.168.1.20/video.mjpg',
    kind: 'mjpeg',
    online: null,
    equipment: [],
    ...overrides,
  };
}

export function cameraList(overrides: Partial<CameraList> = {}): CameraList {
  return {
    own: [],
    shared: [],
    account: { configured: true, appType: 'hk', error: null },
    ...overrides,
  };
}

/** A ticket that can still start, at the given path. */
export function ticket(url: string, kind: 'mjpeg' | 'hls' = 'mjpeg') {
  return { url, kind, expiresAt: '2099-01-01T00:00:00.000Z' } as const;
}

export function equipmentCamera(overrides: Partial<EquipmentCamera> = {}): EquipmentCamera {
  return {
    link: { deviceSerial: 'C1234', channelNo: 1 },
    camera: cloudCamera(),
    stream: ticket('/api/v1/camera-streams/t1'),
    ptz: true,
    error: null,
    ...overrides,
  };
}

/** Timers run by the test: each scheduled run with its delay, run with `next()`. */
export function manualTimers(): { schedule: Schedule; delays: number[]; next: () => void } {
  const pending: { run: () => void; ms: number }[] = [];
  const delays: number[] = [];
  return {
    delays,
    schedule: (run, ms) => {
      const entry = { run, ms };
      pending.push(entry);
      delays.push(ms);
      return () => {
        const index = pending.indexOf(entry);
        if (index >= 0) pending.splice(index, 1);
      };
    },
    next: () => {
      const entry = pending.shift();
      if (!entry) throw new Error('nothing scheduled');
      entry.run();
    },
  };
}
