/**
 * The personal center's area (§3 `Cityid`), which the weather is for. With a weather service the
 * field offers the places it knows as one types (500 ms after the last key, §9) and keeps the
 * chosen place's id; a typed name that was not chosen is kept as text, which the server looks up
 * by name. Without a service it is the plain text field it always was.
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaLabel } from '@fieldlink/protocol';
import { searchWeatherAreas } from '../../api/weather';
import { useWeather } from './useWeather';

export const AREA_SEARCH_DEBOUNCE_MS = 500;

interface Props {
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  readonly maxLength: number;
  readonly language: 'zh' | 'en' | 'tc';
}

const isAreaId = (value: string): boolean => /^\d{1,12}$/.test(value);

export default function AreaField({ value = '', onChange, maxLength, language }: Props) {
  const { t } = useTranslation();
  const weather = useWeather().data;
  const configured = weather?.configured === true;
  const known = weather?.weather?.source === 'area' ? weather.weather.area : null;
  // The names of the places chosen here, by id, until the weather names the saved one.
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const shownFor = (stored: string): string => chosen[stored] ?? (isAreaId(stored) && known ? known : stored);
  const [text, setText] = useState(() => shownFor(value));
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  // The stored value changed from outside (saved, reloaded) or the area's name arrived.
  useEffect(() => setText(shownFor(value)), [value, known, chosen]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), AREA_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const places = useQuery({
    queryKey: ['weather-areas', language, search],
    queryFn: ({ signal }) => searchWeatherAreas(search, language, signal),
    enabled: configured && search.length >= 2,
    staleTime: 10 * 60_000,
    retry: false,
  });

  if (!configured)
    return (
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={maxLength}
        placeholder={t('account.profile.cityPlaceholder')}
        style={{ width: 260 }}
        aria-label={t('account.profile.city')}
      />
    );

  const items = places.data?.items ?? [];
  const notFound = places.isFetching
    ? t('weather.area.searching')
    : places.isError
      ? t('weather.area.unavailable')
      : search.length >= 2
        ? t('weather.area.nothing')
        : null;
  return (
    <div className="fl-area-field">
      <AutoComplete
        value={text}
        options={items.map((p) => ({ value: p.id, label: areaLabel(p) }))}
        onSearch={(next) => setTyped(next)}
        onChange={(next, option) => {
          // Typing gives the text; choosing gives the place's id with its option.
          if (option && !Array.isArray(option) && 'label' in option) return;
          setText(next);
          onChange?.(next);
        }}
        onSelect={(id, option) => {
          setChosen((names) => ({ ...names, [id]: String(option.label) }));
          onChange?.(id);
        }}
        notFoundContent={notFound}
        style={{ width: 260 }}
        maxLength={maxLength}
        placeholder={t('weather.area.placeholder')}
        aria-label={t('weather.area.label')}
      />
      {known && (
        <Typography.Text type="secondary" className="fl-area-current" data-testid="weather-area-current">
          {t('weather.area.current', { area: known })}
        </Typography.Text>
      )}
    </div>
  );
}
