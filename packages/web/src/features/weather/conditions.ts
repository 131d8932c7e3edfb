/**
 * WMO weather interpretation codes (WMO 4677 as Open-Meteo gives them) in groups the console
 * words and draws: the server passes the code, never a provider's text.
 */
export type ConditionGroup =
  | 'clear'
  | 'mainlyClear'
  | 'partlyCloudy'
  | 'overcast'
  | 'fog'
  | 'drizzle'
  | 'freezingRain'
  | 'rain'
  | 'snow'
  | 'showers'
  | 'snowShowers'
  | 'thunderstorm'
  | 'unknown';

const GROUPS: readonly (readonly [ConditionGroup, readonly number[]])[] = [
  ['clear', [0]],
  ['mainlyClear', [1]],
  ['partlyCloudy', [2]],
  ['overcast', [3]],
  ['fog', [45, 48]],
  ['drizzle', [51, 53, 55, 56, 57]],
  ['rain', [61, 63, 65]],
  ['freezingRain', [66, 67]],
  ['snow', [71, 73, 75, 77]],
  ['showers', [80, 81, 82]],
  ['snowShowers', [85, 86]],
  ['thunderstorm', [95, 96, 99]],
];

export function conditionGroup(code: number): ConditionGroup {
  for (const [group, codes] of GROUPS) if (codes.includes(code)) return group;
  return 'unknown';
}

/** How the header draws the group: the sun, a cloud, or a storm. */
export function conditionGlyph(group: ConditionGroup): 'sun' | 'cloud' | 'storm' {
  if (group === 'clear' || group === 'mainlyClear') return 'sun';
  if (group === 'thunderstorm') return 'storm';
  return 'cloud';
}
