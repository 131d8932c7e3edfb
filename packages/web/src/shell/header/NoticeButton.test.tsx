// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  alarmNotice,
  announcement,
  NoticeServer,
  renderNotices,
  signedIn,
} from '../../features/notices/test-support';
import { setNavigator } from '../../session/navigation';
import { useSession } from '../../session/store';
import { clearNotices, noticeArrived, pushNotice } from '../notices';
import NoticeButton from './NoticeButton';

const WAIT = { timeout: 5000 };
const badge = () => document.querySelector('.ant-badge-count')?.getAttribute('title') ?? null;
const popover = () => within(screen.getByTestId('notice-popover'));

describe('the notification popover', () => {
  let server: NoticeServer;
  beforeEach(() => {
    signedIn();
    clearNotices();
    server = new NoticeServer();
    server.announcements = [announcement(1), announcement(2, { read: true })];
    server.alarms = [alarmNotice(7), alarmNotice(8)];
  });
  afterEach(() => {
    cleanup();
    server.restore();
    setNavigator(null);
    useSession.getState().clear();
  });

  it('lists the unread notices under notice and e-mail, with the console’s own notes, and counts them', async () => {
    pushNotice({ kind: 'email', title: 'Code sent', text: 'to ops@example.com', at: Date.now() });
    renderNotices(<NoticeButton />, '/Equips');
    await waitFor(() => expect(badge()).toBe('4'), WAIT);
    fireEvent.click(screen.getByLabelText('Notifications'));
    expect(await screen.findByText('Notice 1')).toBeTruthy();
    expect(screen.queryByText('Notice 2')).toBeNull();
    expect(popover().getByText('Notices (1)')).toBeTruthy();
    expect(popover().getByText('E-mail (3)')).toBeTruthy();
    fireEvent.click(popover().getByText('E-mail (3)'));
    // Alarm notices are worded by the console from their facts.
    expect((await popover().findAllByText('AI1 Level above the upper limit 80: 92.5 %')).length).toBe(2);
    expect(popover().getByText('Code sent')).toBeTruthy();
  });

  it('opening a notice marks it read and goes to its page', async () => {
    const { router } = renderNotices(<NoticeButton />, '/Equips');
    fireEvent.click(screen.getByLabelText('Notifications'));
    fireEvent.click(await screen.findByText('Notice 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices/info'));
    await waitFor(() => expect(server.posts('/notices/read')).toEqual([{ kind: 'announcement', ids: [1] }]));
  });

  it('clear-all marks every notice read on the server and empties list and badge', async () => {
    renderNotices(<NoticeButton />, '/Equips');
    await waitFor(() => expect(badge()).toBe('3'), WAIT);
    fireEvent.click(screen.getByLabelText('Notifications'));
    fireEvent.click(await screen.findByText('Clear all'));
    expect(await screen.findByText('Clear messages success')).toBeTruthy();
    expect(server.posts('/notices/read-all')).toEqual([{}]);
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.queryByText('Notice 1')).toBeNull();
    // Nothing was lost: the server keeps them, read.
    expect(server.announcements.map((a) => a.read)).toEqual([true, true]);
  });

  it('reads the feed anew when a notice is pushed, and pops an announcement up', async () => {
    const { router } = renderNotices(<NoticeButton />, '/Equips');
    // The guard installs the router's navigate for code outside components.
    setNavigator((to) => void router.navigate(to));
    await waitFor(() => expect(badge()).toBe('3'), WAIT);
    server.announcements.unshift(announcement(3, { title: 'Maintenance tonight' }));
    act(() => noticeArrived({ kind: 'announcement', id: 3, title: 'Maintenance tonight', count: 1 }));
    await waitFor(() => expect(badge()).toBe('4'), WAIT);
    const popup = await screen.findByText('New notice');
    expect(screen.getAllByText('Maintenance tonight').length).toBeGreaterThan(0);
    fireEvent.click(popup);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices/info'));
  });
});
