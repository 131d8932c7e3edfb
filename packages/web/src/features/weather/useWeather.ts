/**
 * The weather of the signed-in user (§4: loaded once signed in), refreshed every half hour; the
 * server caches the provider's answers for a quarter of an hour, so this asks nothing of it.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchWeather } from '../../api/weather';
import { useSession } from '../../session/store';

export const WEATHER_QUERY_KEY = ['weather'] as const;
export const WEATHER_REFRESH_MS = 30 * 60_000;

export function useWeather() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: WEATHER_QUERY_KEY,
    queryFn: ({ signal }) => fetchWeather(signal),
    enabled: signedIn,
    staleTime: 15 * 60_000,
    refetchInterval: WEATHER_REFRESH_MS,
    retry: false,
  });
}
