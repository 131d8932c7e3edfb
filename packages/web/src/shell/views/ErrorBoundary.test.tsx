// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { installDomStubs } from '../test-support';
import ErrorBoundary from './ErrorBoundary';

installDomStubs();

let throws = true;
function Flaky() {
  if (throws) throw new Error('drawing failed');
  return <p>drawn again</p>;
}

describe('the view error boundary', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    throws = true;
  });

  it('draws the view again by itself after the time given (a wall has nobody to press retry)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary retryAfterMs={() => 30_000}>
          <Flaky />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.queryByText('drawn again')).toBeNull();
    throws = false;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(screen.queryByText('drawn again')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    expect(await screen.findByText('drawn again')).toBeTruthy();
  });

  it('waits for the user where no retry time is given', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary retryAfterMs={() => null}>
          <Flaky />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    throws = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(screen.queryByText('drawn again')).toBeNull();
  });
});
