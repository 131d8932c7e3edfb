// @vitest-environment jsdom
import { DEFAULT_CHANNEL_IMAGES } from '@fieldlink/protocol';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALOG_IMAGES, analogOf, ChannelImage, isBuiltInImage, PAIR_IMAGES, pairOf } from './channel-images';

afterEach(cleanup);

describe('the channel pictures the console draws', () => {
  it("draws every default of the specification's image lists", () => {
    for (const name of Object.values(DEFAULT_CHANNEL_IMAGES)) expect(isBuiltInImage(name)).toBe(true);
    expect(pairOf('kg03.png')?.key).toBe('switch');
    expect(pairOf(' kg11_0.png ')?.key).toBe('lamp');
    expect(analogOf('com_alarm.gif')?.key).toBe('warning');
  });

  it('names every pair <name>.png on and <name>_0.png off, and no name twice', () => {
    for (const p of PAIR_IMAGES) expect(p.off).toBe(p.on.replace(/\.png$/, '_0.png'));
    const names = [...PAIR_IMAGES.flatMap((p) => [p.on, p.off]), ...ANALOG_IMAGES.map((a) => a.name)];
    expect(new Set(names).size).toBe(names.length);
  });

  it("draws a name it does not know as the kind's default, lit by the channel's state", () => {
    const { container } = render(<ChannelImage name="their-file.png" fallback="switch" on />);
    const image = container.querySelector('.channel-image') as HTMLElement;
    expect(image.dataset.image).toBe('their-file.png');
    expect(container.querySelector('svg')?.getAttribute('data-on')).toBe('true');
    // Nothing is loaded from a bare name.
    expect(container.querySelector('img, image, use')).toBeNull();
  });

  it("loads a picture's address, ringed in alarm, and draws the default when it fails", () => {
    const url = '/api/v1/pictures/K1/pump%20on.png';
    const { container } = render(<ChannelImage name={url} fallback="lamp" on alarm />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(url);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.dataset.ring).toBe('#ff4d4f');
    expect(container.querySelector('svg')).toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
    expect((container.querySelector('.channel-image') as HTMLElement).dataset.image).toBe(url);
  });

  it('draws a known picture in the state given, not by which of the pair the name is', () => {
    const { container } = render(<ChannelImage name="pump.png" fallback="switch" on={false} />);
    expect(container.querySelector('svg')?.getAttribute('data-on')).toBe('false');
  });
});
