/** One GET of a JSON reply with a deadline; a refusal, a timeout or bad JSON is WeatherUnavailable. */
import { WeatherUnavailable } from './provider.js';

/** Per call, body included (the specification's HTTP timeout is 12 s; a header waits for less). */
export const WEATHER_TIMEOUT_MS = 5_000;
/** A reply larger than this is not weather. */
const MAX_REPLY_BYTES = 512 * 1024;

export async function fetchJson(
  url: URL,
  fetcher: typeof fetch = fetch,
  timeoutMs = WEATHER_TIMEOUT_MS,
): Promise<unknown> {
  let reply: Response;
  try {
    reply = await fetcher(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WeatherUnavailable(`${url.origin} did not answer: ${(error as Error).message}`);
  }
  const text = await reply.text().catch(() => '');
  if (text.length > MAX_REPLY_BYTES) throw new WeatherUnavailable(`${url.origin} answered too much`);
  if (!reply.ok)
    throw new WeatherUnavailable(`${url.origin} answered ${reply.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WeatherUnavailable(`${url.origin} answered something that is not JSON`);
  }
}
