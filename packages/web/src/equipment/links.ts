/** Where a device opens in the console (a route of the hash router). */

/** The query parameter naming a device on the pages that show the selected one. */
export const DEVICE_PARAM = 'id';

/** The monitoring page with the device selected. */
export const monitoringTarget = (id: number): string => `/Equips?${DEVICE_PARAM}=${id}`;

/** The history page with the device selected. */
export const historyTarget = (id: number): string => `/history?${DEVICE_PARAM}=${id}`;
