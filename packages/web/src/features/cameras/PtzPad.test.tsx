// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import en from '../../locales/en/cameras';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { renderPage } from '../auth/test-render';
import { noMotion } from './no-motion';
import PtzPad from './PtzPad';
import { SLOW } from './test-support';

const hooks = setUpDeviceTests();
const PTZ = 'POST /equipment/4/camera/ptz';

function renderPad(reply: Reply = { status: 204 }) {
  const mock = hooks.serve({ [PTZ]: reply });
  renderPage(noMotion(<PtzPad equipmentId={4} />), { path: '/Equips', route: '/Equips' });
  const sent = () =>
    mock.calls.filter((c: RecordedRequest) => c.path === '/equipment/4/camera/ptz').map((c) => c.body);
  return { sent };
}

const pad = (label: string): HTMLElement => screen.getByLabelText(label);

/**
 * A pointer pressed on `label`'s button. jsdom has no PointerEvent (fireEvent would drop
 * `button`); React reads a mouse event of the same type just as well.
 */
function press(label: string, button = 0): void {
  fireEvent(pad(label), new MouseEvent('pointerdown', { bubbles: true, cancelable: true, button }));
}

/** Lets the queued commands go out (each waits for the one before). */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('PTZ press and hold', () => {
  it('sends start on press and stop once on release, not again when the pointer then leaves', async () => {
    const { sent } = renderPad();
    press(en.ptz.directions.up);
    await waitFor(() => expect(sent()).toEqual([{ action: 'start', direction: 'up', speed: 1 }]));
    expect(pad(en.ptz.directions.up).getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerUp(pad(en.ptz.directions.up));
    fireEvent.pointerLeave(pad(en.ptz.directions.up));
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'up', speed: 1 },
      { action: 'stop', direction: 'up', speed: 1 },
    ]);
  });

  it('stops once when the pointer leaves the button while held', async () => {
    const { sent } = renderPad();
    press(en.ptz.directions.downLeft);
    fireEvent.pointerLeave(pad(en.ptz.directions.downLeft));
    fireEvent.pointerUp(pad(en.ptz.directions.downLeft));
    fireEvent.pointerCancel(pad(en.ptz.directions.downLeft));
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'down-left', speed: 1 },
      { action: 'stop', direction: 'down-left', speed: 1 },
    ]);
  });

  it('ignores another button pressed during a hold and the right mouse button', async () => {
    const { sent } = renderPad();
    press(en.ptz.directions.left, 2);
    press(en.ptz.directions.right);
    press(en.ptz.directions.zoomIn);
    fireEvent.pointerUp(pad(en.ptz.directions.right));
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'right', speed: 1 },
      { action: 'stop', direction: 'right', speed: 1 },
    ]);
  });

  it('holds with Enter or Space on the focused button, and with an arrow key in its own direction', async () => {
    const { sent } = renderPad();
    const upRight = pad(en.ptz.directions.upRight);
    upRight.focus();
    fireEvent.keyDown(upRight, { key: 'Enter' });
    fireEvent.keyDown(upRight, { key: 'Enter', repeat: true });
    fireEvent.keyUp(upRight, { key: 'Enter' });
    fireEvent.keyDown(upRight, { key: ' ' });
    fireEvent.keyUp(upRight, { key: ' ' });
    fireEvent.keyDown(upRight, { key: 'ArrowDown' });
    // Another key's release does not end the hold; the arrow's does.
    fireEvent.keyUp(upRight, { key: 'Enter' });
    fireEvent.keyUp(upRight, { key: 'ArrowDown' });
    fireEvent.keyDown(upRight, { key: 'a' });
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'up-right', speed: 1 },
      { action: 'stop', direction: 'up-right', speed: 1 },
      { action: 'start', direction: 'up-right', speed: 1 },
      { action: 'stop', direction: 'up-right', speed: 1 },
      { action: 'start', direction: 'down', speed: 1 },
      { action: 'stop', direction: 'down', speed: 1 },
    ]);
  });

  it('stops a key hold once when the button loses focus', async () => {
    const { sent } = renderPad();
    const zoomOut = pad(en.ptz.directions.zoomOut);
    fireEvent.keyDown(zoomOut, { key: ' ' });
    fireEvent.blur(zoomOut);
    fireEvent.keyUp(zoomOut, { key: ' ' });
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'zoom-out', speed: 1 },
      { action: 'stop', direction: 'zoom-out', speed: 1 },
    ]);
  });

  it('sends the chosen speed with start and stop', async () => {
    const { sent } = renderPad();
    fireEvent.click(screen.getByText(en.ptz.speeds.fast));
    press(en.ptz.directions.zoomIn);
    fireEvent.pointerUp(pad(en.ptz.directions.zoomIn));
    fireEvent.click(screen.getByText(en.ptz.speeds.slow));
    press(en.ptz.directions.left);
    fireEvent.pointerUp(pad(en.ptz.directions.left));
    await settle();
    expect(sent()).toEqual([
      { action: 'start', direction: 'zoom-in', speed: 2 },
      { action: 'stop', direction: 'zoom-in', speed: 2 },
      { action: 'start', direction: 'left', speed: 0 },
      { action: 'stop', direction: 'left', speed: 0 },
    ]);
  });

  it('shows why a command failed', async () => {
    renderPad(errorReply(502, 'camera', 'the device does not support PTZ'));
    press(en.ptz.directions.up);
    expect(
      await screen.findByText('The camera did not move: the device does not support PTZ', {}, SLOW),
    ).toBeTruthy();
  });
});
