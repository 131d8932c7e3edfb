// @vitest-environment jsdom
/** The header's weather and the personal center's area field, against a mocked server. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WeatherAnswer } from '../../api/weather';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import ProfilePanel from '../account/ProfilePanel';
import {
  button,
  expectMessage,
  PATIENT,
  patchedMe,
  renderAccount,
  SAVE,
  signIn,
  signOut,
  SLOW,
} from '../account/test-support';
import { renderPage } from '../auth/test-render';
import { conditionGlyph, conditionGroup } from './conditions';
import WeatherChip from './WeatherChip';

const BERLIN: WeatherAnswer = {
  configured: true,
  problem: null,
  weather: {
    area: 'Berlin, Land Berlin, Germany',
    source: 'area',
    code: 61,
    temperature: 7.4,
    humidity: 81,
    windSpeed: 12.6,
    observedAt: '2026-11-27T10:00:00+01:00',
    hours: [
      { at: '2026-11-27T10:00:00+01:00', code: 61, temperature: 7.4 },
      { at: '2026-11-27T11:00:00+01:00', code: 3, temperature: 7.9 },
    ],
  },
};

const showChip = () => renderPage(<WeatherChip />, { path: '/x', route: '/x' });

describe('weather conditions', () => {
  it('groups every WMO code the provider gives and draws each group', () => {
    expect(conditionGroup(0)).toBe('clear');
    expect(conditionGroup(3)).toBe('overcast');
    expect(conditionGroup(48)).toBe('fog');
    expect(conditionGroup(57)).toBe('drizzle');
    expect(conditionGroup(66)).toBe('freezingRain');
    expect(conditionGroup(82)).toBe('showers');
    expect(conditionGroup(99)).toBe('thunderstorm');
    expect(conditionGroup(42)).toBe('unknown');
    expect(conditionGlyph('mainlyClear')).toBe('sun');
    expect(conditionGlyph('thunderstorm')).toBe('storm');
    expect(conditionGlyph('snow')).toBe('cloud');
  });
});

describe('the header’s weather', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    signOut();
  });

  it('shows the temperature and names the conditions and the place, in the language', async () => {
    signIn();
    restore = mockFetch({ 'GET /weather': { body: BERLIN } }).restore;
    showChip();
    const chip = await screen.findByTestId('weather-chip', {}, SLOW);
    expect(chip.textContent).toBe('7 °C');
    expect(chip.getAttribute('aria-label')).toBe('Berlin, Land Berlin, Germany天气：雨，7 °C');
    fireEvent.mouseEnter(chip);
    const details = await screen.findByTestId('weather-details', {}, SLOW);
    expect(details.textContent).toContain('湿度 81 %');
    expect(details.textContent).toContain('风速 13 km/h');
    expect(details.textContent).toContain('11:00 阴 8 °C');
  });

  it('is not there without a weather service, nor while the service is down', async () => {
    signIn();
    const mock = mockFetch({ 'GET /weather': { body: { configured: false, weather: null, problem: null } } });
    restore = mock.restore;
    const { client } = showChip();
    await waitFor(() => expect(client.isFetching()).toBe(0), SLOW);
    expect(mock.calls.map((c) => c.path)).toEqual(['/weather']);
    expect(screen.queryByTestId('weather-chip')).toBeNull();
    expect(document.querySelector('.fl-weather')).toBeNull();
  });

  it('leads to the personal center when the address cannot be placed', async () => {
    signIn();
    restore = mockFetch({
      'GET /weather': { body: { configured: true, weather: null, problem: 'unlocatable' } },
    }).restore;
    showChip();
    const cloud = await screen.findByLabelText('天气：请在个人中心选择您的地区', {}, SLOW);
    fireEvent.click(cloud);
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/setting/personalCenter');
  });
});

describe('the personal center’s weather area', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    signOut();
  });

  it('offers the places the service knows and saves the chosen one’s id', async () => {
    signIn(sampleMe({ city: null }));
    const mock = mockFetch({
      'GET /weather': { body: { configured: true, weather: null, problem: 'unlocatable' } },
      'GET /weather/areas': {
        body: {
          configured: true,
          items: [
            {
              id: '2950159',
              name: 'Berlin',
              admin1: 'Land Berlin',
              country: 'Germany',
              latitude: 52.5,
              longitude: 13.4,
            },
          ],
        },
      },
      'PATCH /me': patchedMe,
    });
    restore = mock.restore;
    renderAccount((me) => <ProfilePanel me={me} />);
    const input = (await screen.findByLabelText('天气地区', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Ber' } });
    await waitFor(
      () => expect(mock.calls.map((c) => c.path)).toContain('/weather/areas?search=Ber&language=zh'),
      SLOW,
    );
    const option = await screen.findByText('Berlin, Land Berlin, Germany', {}, SLOW);
    expect(mock.calls.find((c) => c.path.startsWith('/weather/areas'))?.path).toBe(
      '/weather/areas?search=Ber&language=zh',
    );
    fireEvent.click(option);
    await waitFor(() => expect(input.value).toBe('Berlin, Land Berlin, Germany'), SLOW);
    fireEvent.click(button(SAVE));
    await expectMessage('保存成功');
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ city: '2950159' });
    expect(useMe.getState().me?.city).toBe('2950159');
    // The weather is asked again for the new area.
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/weather').length).toBe(2), SLOW);
  });

  it('names the area the weather is for', async () => {
    signIn(sampleMe({ city: '2950159' }));
    restore = mockFetch({ 'GET /weather': { body: BERLIN } }).restore;
    renderAccount((me) => <ProfilePanel me={me} />);
    expect((await screen.findByTestId('weather-area-current', {}, SLOW)).textContent).toBe(
      '当前天气地区：Berlin, Land Berlin, Germany',
    );
    await waitFor(
      () =>
        expect((screen.getByLabelText('天气地区') as HTMLInputElement).value).toBe(
          'Berlin, Land Berlin, Germany',
        ),
      SLOW,
    );
  });
});
