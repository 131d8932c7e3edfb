/**
 * What the share of the user's equipment online over time is rebuilt from in the browser: the link
 * events (`online` / `offline`) of GET /me/events and the states the equipment store holds now.
 * One computation serves the system overview and the big screen: big-screen/online-share.ts,
 * time-weighted per bucket, starting at the first device and counting each from when it was added.
 */

export interface LinkEvent {
  readonly equipmentId: number;
  readonly kind: 'online' | 'offline';
  /** Epoch milliseconds. */
  readonly at: number;
}

export interface DeviceNow {
  readonly id: number;
  readonly online: boolean;
  /**
   * A sub-device's host: without link events of its own it follows the host's (a sub-device is
   * online when its host is, specification §4).
   */
  readonly hostId?: number | null;
}

export interface RatioWindow {
  readonly from: number;
  readonly to: number;
  readonly bucketMs: number;
}

export interface RatioPoint {
  /** The bucket's start. */
  readonly t: number;
  /** 0-1; null when no device was there in the bucket. */
  readonly ratio: number | null;
}
