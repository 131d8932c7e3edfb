// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listFiles } from '../../api/files';
import { resetEquipment } from '../../equipment/loading';
import { sampleType, seedEquipment } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { installDomStubs } from '../../shell/test-support';
import { renderWithApp } from '../monitoring/test-render';
import { sampleListing, samplePicture } from '../pictures/test-support';
import ImageField from './ImageField';

vi.mock('../../api/files', () => ({ listFiles: vi.fn(), uploadFiles: vi.fn(), deleteFiles: vi.fn() }));

const PUMP = samplePicture('pump.png');

beforeAll(installDomStubs);
beforeEach(() => {
  setLanguage('en');
  seedEquipment({ types: { 'FL-R8': { ...sampleType(), image: 'relay8.png' } } });
  vi.mocked(listFiles).mockImplementation(async (space) =>
    space === 'me' ? sampleListing('me', [PUMP]) : sampleListing('admin', [], false),
  );
});
afterEach(() => {
  cleanup();
  resetEquipment();
  vi.clearAllMocks();
});

function Field({ initial, onChange }: { readonly initial: string; readonly onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ImageField
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const button = (text: string) => screen.getByText(text).closest('button')!;
const tileNames = () =>
  [...document.querySelectorAll('[role=tabpanel][aria-hidden=false] .picture-tile-name')].map(
    (e) => e.textContent,
  );

describe('an image field', () => {
  it('keeps a stored name it does not know, and stores the url of a picture chosen in the picker', async () => {
    const onChange = vi.fn();
    renderWithApp(<Field initial="their-logo.png" onChange={onChange} />);
    expect((document.querySelector('input') as HTMLInputElement).value).toBe('their-logo.png');
    expect(screen.getByText('An image name: this console has no picture of it to preview.')).toBeTruthy();

    fireEvent.click(button('Choose…'));
    // The catalogue's names, and the stored one offered as it stands and chosen.
    expect(tileNames()).toEqual(['ab00.png', 'relay8.png', 'their-logo.png (kept as stored)']);
    expect(screen.getByTitle('their-logo.png (kept as stored)').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('OK'));
    expect(onChange).toHaveBeenLastCalledWith('their-logo.png');

    fireEvent.click(button('Choose…'));
    fireEvent.click(screen.getByText('My pictures'));
    fireEvent.click(await screen.findByTitle('pump.png'));
    fireEvent.click(button('OK'));
    expect(onChange).toHaveBeenLastCalledWith(PUMP.url);
    expect((document.querySelector('input') as HTMLInputElement).value).toBe(PUMP.url);
    const preview = screen.getByTestId('image-preview');
    expect((preview.querySelector('img') ?? preview).getAttribute('src')).toBe(PUMP.url);
  });
});
