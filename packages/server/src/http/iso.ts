/** An epoch-millisecond time as the API writes times: ISO 8601 in UTC. */
export const iso = (ms: number): string => new Date(ms).toISOString();
