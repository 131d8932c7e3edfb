/**
 * The header's weather (§4: loaded at sign-in): the sign of the conditions and the temperature,
 * the place, humidity, wind and the next hours in its tooltip. Hidden when the server has no
 * provider or the provider does not answer; when the user's area is unknown or the address cannot
 * be placed, a muted cloud leads to the personal center to choose an area. Everything is text.
 */
import { CloudOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WeatherAnswer } from '../../api/weather';
import { PERSONAL_CENTER_PATH } from '../../shell/header/AvatarMenu';
import { conditionGlyph, conditionGroup } from './conditions';
import { useWeather } from './useWeather';

type Weather = NonNullable<WeatherAnswer['weather']>;

const GLYPH = { sun: <SunOutlined />, cloud: <CloudOutlined />, storm: <ThunderboltOutlined /> };

const degrees = (celsius: number): string => `${Math.round(celsius)} °C`;

/** '17:00' of an instant written with its place's offset, read in that place's time. */
const hourOf = (at: string): string => at.slice(11, 16);

function Details({ weather }: { readonly weather: Weather }) {
  const { t } = useTranslation();
  return (
    <div className="fl-weather-details" data-testid="weather-details">
      <div>{weather.area}</div>
      <div>
        {t(`weather.conditions.${conditionGroup(weather.code)}`)} · {degrees(weather.temperature)}
      </div>
      {weather.humidity !== null && (
        <div>{t('weather.humidity', { value: Math.round(weather.humidity) })}</div>
      )}
      {weather.windSpeed !== null && <div>{t('weather.wind', { value: Math.round(weather.windSpeed) })}</div>}
      {weather.hours.length > 0 && (
        <ul className="fl-weather-hours">
          {weather.hours.map((h) => (
            <li key={h.at}>
              {hourOf(h.at)} {t(`weather.conditions.${conditionGroup(h.code)}`)} {degrees(h.temperature)}
            </li>
          ))}
        </ul>
      )}
      <div className="fl-weather-source">
        {t(weather.source === 'ip' ? 'weather.byAddress' : 'weather.byArea')}
      </div>
    </div>
  );
}

export default function WeatherChip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useWeather();
  if (!data?.configured) return null;
  const weather = data.weather;
  if (weather === null) {
    if (data.problem === 'unavailable' || data.problem === null) return null;
    const label = t(data.problem === 'unknownArea' ? 'weather.unknownArea' : 'weather.chooseArea');
    return (
      <Tooltip title={label} placement="bottom">
        <Button
          type="text"
          aria-label={label}
          icon={<CloudOutlined />}
          className="fl-header-button fl-weather fl-weather-muted"
          onClick={() => void navigate(PERSONAL_CENTER_PATH)}
        />
      </Tooltip>
    );
  }
  const condition = t(`weather.conditions.${conditionGroup(weather.code)}`);
  return (
    <Tooltip title={<Details weather={weather} />} placement="bottom">
      <Button
        type="text"
        className="fl-header-button fl-weather"
        aria-label={t('weather.label', {
          area: weather.area,
          condition,
          temperature: degrees(weather.temperature),
        })}
        icon={GLYPH[conditionGlyph(conditionGroup(weather.code))]}
        onClick={() => void navigate(PERSONAL_CENTER_PATH)}
        data-testid="weather-chip"
      >
        {degrees(weather.temperature)}
      </Button>
    </Tooltip>
  );
}
