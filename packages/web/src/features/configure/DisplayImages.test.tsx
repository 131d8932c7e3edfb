// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listFiles } from '../../api/files';
import { sampleRecordOf } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { installDomStubs } from '../../shell/test-support';
import { renderWithApp } from '../monitoring/test-render';
import { sampleListing, samplePicture } from '../pictures/test-support';
import { displayFromRecord } from './display-model';
import { DisplayImages } from './DisplayImages';

vi.mock('../../api/files', () => ({ listFiles: vi.fn(), uploadFiles: vi.fn(), deleteFiles: vi.fn() }));

const PUMP = samplePicture('pump on.png');
const FAN = samplePicture('fan.png');

beforeAll(installDomStubs);
beforeEach(() => {
  setLanguage('en');
  vi.mocked(listFiles).mockImplementation(async (space) =>
    space === 'me' ? sampleListing('me', [PUMP, FAN]) : sampleListing('admin', [], false),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const record = sampleRecordOf({ do: 1, di: 0, ai: 1, ao: 0 }, (s) => ({
  do: { ...s.do, names: ['Pump'], onImages: [PUMP.url], offImages: ['their-off.png'] },
  ai: { ...s.ai, names: ['Level'], images: ['com_default.png'], alarmImages: ['com_alarm.gif'] },
}));

describe('the channel pictures of the UI tab', () => {
  it('shows an uploaded picture and keeps a name it does not draw; the picker stores a url', async () => {
    const setImage = vi.fn();
    renderWithApp(
      <DisplayImages record={record} draft={displayFromRecord(record)} editable setImage={setImage} />,
    );
    const row = screen.getByTestId('display-images-do').querySelector('[data-channel="DO1"]')!;
    const [on, off] = [...row.querySelectorAll('td')].slice(1);
    // The stored url is loaded and named by its file; the unknown name is kept, drawn as the default.
    expect(on!.querySelector('.ant-select img')?.getAttribute('src')).toBe(PUMP.url);
    expect(on!.textContent).toContain('pump on.png');
    expect(off!.textContent).toContain('their-off.png (not drawn here: default shown)');

    fireEvent.click(screen.getByLabelText('Choose a picture: DO1 When off'));
    // The drawn pictures of the kind, and the stored name offered as it stands.
    expect(screen.getByTitle('Switch')).toBeTruthy();
    expect(screen.getByTitle('Light bulb')).toBeTruthy();
    expect(screen.getByTitle('their-off.png (kept as stored)').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByText('My pictures'));
    fireEvent.click(await screen.findByTitle('fan.png'));
    fireEvent.click(screen.getByText('OK').closest('button')!);
    expect(setImage).toHaveBeenCalledWith('doOff', 0, FAN.url);
  });
});
