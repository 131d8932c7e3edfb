// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../session/me';
import { SAMPLE_ACCESS, sampleMe } from '../session/test-support';
import Can from './Can';

afterEach(() => {
  cleanup();
  useMe.getState().setMe(null);
});

const draw = () =>
  render(
    <>
      <Can need={{ abilities: ['DELETE'] }}>
        <span>remove</span>
      </Can>
      <Can need={['editor']} fallback={<span>ask an editor</span>}>
        <span>publish</span>
      </Can>
      <Can need={{ roles: ['guest'], mode: 'except' }}>
        <span>settings</span>
      </Can>
    </>,
  );

describe('<Can>', () => {
  it("shows what the signed-in user's access meets, the fallback otherwise", () => {
    useMe.getState().setMe(sampleMe({ access: { ...SAMPLE_ACCESS, roles: ['guest'], abilities: ['READ'] } }));
    draw();
    expect(screen.queryByText('remove')).toBeNull();
    expect(screen.getByText('ask an editor')).toBeTruthy();
    expect(screen.queryByText('settings')).toBeNull();
  });

  it('follows the access as it changes, and admin sees all', () => {
    useMe.getState().setMe(sampleMe({ access: { ...SAMPLE_ACCESS, roles: ['editor'] } }));
    draw();
    expect(screen.getByText('remove')).toBeTruthy();
    expect(screen.getByText('publish')).toBeTruthy();
    expect(screen.getByText('settings')).toBeTruthy();
  });

  it('shows nothing that asks something before the user is known', () => {
    draw();
    expect(screen.queryByText('remove')).toBeNull();
    expect(screen.getByText('ask an editor')).toBeTruthy();
  });
});
