/** Where a device opens in the console (a route of the hash router). */

/** The monitoring page with the device selected. */
export const monitoringTarget = (id: number): string => `/Equips?id=${id}`;
