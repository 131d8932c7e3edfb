// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../session/store';
import { sampleMe } from '../../session/test-support';
import AdminNoticesPage from './AdminNoticesPage';
import AlarmNoticesPage from './AlarmNoticesPage';
import EmailAlarmsPanel from './EmailAlarmsPanel';
import NoticeInfoPage from './NoticeInfoPage';
import { alarmNotice, announcement, NOW, NoticeServer, renderNotices, signedIn } from './test-support';

const WAIT = { timeout: 8000 };
/** antd forms in jsdom take seconds a step on a busy machine. */
const SLOW_TEST = { timeout: 40_000 };
const rows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

describe('notice pages', () => {
  let server: NoticeServer;
  beforeEach(() => signedIn());
  afterEach(() => {
    cleanup();
    server.restore();
    useSession.getState().clear();
  });

  it(
    'notification info: announcements paged, newest first; one opened is read; unread only; all marked read',
    SLOW_TEST,
    async () => {
      server = new NoticeServer();
      server.announcements = Array.from({ length: 25 }, (_, i) => announcement(i + 1, { read: i === 1 }));
      renderNotices(<NoticeInfoPage />, '/notices/info');
      expect(await screen.findByText('Notice 1', {}, WAIT)).toBeTruthy();
      expect(rows()).toHaveLength(20);
      expect(screen.getByText('25 in all')).toBeTruthy();
      // The second page holds the rest.
      fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
      expect(await screen.findByText('Notice 25', {}, WAIT)).toBeTruthy();
      expect(rows()).toHaveLength(5);
      fireEvent.click(document.querySelector('.ant-pagination-item-1')!);
      await screen.findByText('Notice 1', {}, WAIT);
      // Opening a row shows the whole text and marks it read.
      fireEvent.click(rows()[0]!.querySelector('.ant-table-row-expand-icon')!);
      expect(
        await within(document.querySelector('.ant-table-expanded-row') as HTMLElement).findByText(
          'Text of notice 1',
        ),
      ).toBeTruthy();
      await waitFor(() =>
        expect(server.posts('/notices/read')).toEqual([{ kind: 'announcement', ids: [1] }]),
      );
      // Unread only: the read ones leave the list.
      fireEvent.click(screen.getByLabelText('Unread only'));
      await waitFor(() => expect(screen.getByText('23 in all')).toBeTruthy(), WAIT);
      fireEvent.click(button('Mark all read'));
      expect(await screen.findByText('23 marked read', {}, WAIT)).toBeTruthy();
      expect(server.posts('/notices/read-all')).toEqual([{ kind: 'announcement' }]);
      await waitFor(() => expect(screen.getByText('No notices')).toBeTruthy(), WAIT);
    },
  );

  it('notification info: the unread tag marks one read', async () => {
    server = new NoticeServer();
    server.announcements = [announcement(4)];
    renderNotices(<NoticeInfoPage />, '/notices/info');
    fireEvent.click(await screen.findByTestId('mark-read-4', {}, WAIT));
    await waitFor(() => expect(server.posts('/notices/read')).toEqual([{ kind: 'announcement', ids: [4] }]));
    expect(await screen.findByText('Read', { selector: '.ant-tag' }, WAIT)).toBeTruthy();
  });

  it('alarm notifications: each alarm in the user’s language, its e-mail text and what became of the mail', async () => {
    server = new NoticeServer();
    server.alarms = [
      alarmNotice(1),
      alarmNotice(2, {
        mail: 'quiet',
        emailText: 'DI2 Door 报警',
        alarm: { ...alarmNotice(2).alarm, channel: 'DI2', name: 'Door', unit: '', limit: null, value: 1 },
      }),
    ];
    await i18n.changeLanguage('zh');
    renderNotices(<AlarmNoticesPage />, '/notices/alarms');
    expect(await screen.findByText('AI1 Level 高于上限 80：92.5 %', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('DI2 Door 报警', { selector: '.ant-typography' })).toBeTruthy();
    expect(screen.getByText('已发送')).toBeTruthy();
    expect(screen.getByText('免打扰时段')).toBeTruthy();
    expect(screen.getByText('报警通知')).toBeTruthy();
    // Opened, a row shows its e-mail text and is read.
    fireEvent.click(rows()[0]!.querySelector('.ant-table-row-expand-icon')!);
    const expanded = within(
      await waitFor(() => document.querySelector('.ant-table-expanded-row') as HTMLElement),
    );
    expect(expanded.getByText('AI1 Level above the upper limit 80: 92.5 %')).toBeTruthy();
    await waitFor(() => expect(server.posts('/notices/read')).toEqual([{ kind: 'alarm', ids: [1] }]));
  });

  describe('announcements (administrators)', () => {
    const listed = {
      items: [
        {
          id: 9,
          title: 'Old notice',
          text: 'old',
          image: null,
          tenantId: 2,
          tenantName: 'Acme',
          createdBy: { id: 1, name: 'admin' },
          at: new Date(NOW).toISOString(),
          readCount: 3,
        },
      ],
      total: 1,
    };
    let posted: unknown[];
    beforeEach(() => {
      posted = [];
      server = new NoticeServer({
        'GET /admin/announcements': { body: listed },
        'POST /admin/announcements': (r) => {
          posted.push(r.body);
          return { status: 201, body: { ...listed.items[0], id: 10, tenantId: null, tenantName: null } };
        },
        'DELETE /admin/announcements/9': { status: 204 },
        'GET /tenants': {
          body: {
            items: [
              {
                id: 2,
                key: 'acme',
                name: 'Acme',
                logo: null,
                loginTitleImage: null,
                pageTitle: null,
                userNamePrefix: null,
                userCount: 3,
                createdAt: new Date(NOW).toISOString(),
                updatedAt: new Date(NOW).toISOString(),
              },
            ],
            total: 1,
          },
        },
      });
    });
    const form = () => within(screen.getByTestId('announcement-form'));
    const fill = (label: string, value: string) =>
      fireEvent.change(form().getByLabelText(label), { target: { value } });

    it('posts one to everyone, refusing an image that is no address', SLOW_TEST, async () => {
      renderNotices(<AdminNoticesPage />, '/admin/notices');
      expect(await screen.findByText('Tenant Acme', {}, WAIT)).toBeTruthy();
      fill('Title', 'Maintenance tonight');
      fill('Notice text', 'Down 22:00-23:00');
      fill('Image address (optional)', 'javascript:x');
      fireEvent.click(button('Post'));
      expect(await screen.findByText('An http(s) address or a path starting with /', {}, WAIT)).toBeTruthy();
      expect(posted).toEqual([]);
      fill('Image address (optional)', '/api/v1/pictures/a.png');
      fireEvent.click(button('Post'));
      await waitFor(() => expect(posted).toHaveLength(1), WAIT);
      expect(posted).toEqual([
        {
          title: 'Maintenance tonight',
          text: 'Down 22:00-23:00',
          image: '/api/v1/pictures/a.png',
          tenantId: null,
        },
      ]);
      expect(await screen.findByText('Announcement posted', {}, WAIT)).toBeTruthy();
    });

    it('posts one to a tenant', SLOW_TEST, async () => {
      renderNotices(<AdminNoticesPage />, '/admin/notices');
      await screen.findByText('Tenant Acme', {}, WAIT);
      fill('Title', 'Acme only');
      fill('Notice text', 'Water off');
      fireEvent.click(form().getByText('Tenant', { selector: '.ant-radio-wrapper *' }));
      // Chosen by name from the tenant list.
      fireEvent.mouseDown(
        (await screen.findByTestId('announcement-tenant', {}, WAIT)).querySelector('.ant-select-selector') ??
          screen.getByTestId('announcement-tenant'),
      );
      fireEvent.click(await screen.findByText('Acme', { selector: '.ant-select-item-option-content' }, WAIT));
      fireEvent.click(button('Post'));
      await waitFor(() => expect(posted).toHaveLength(1), WAIT);
      expect(posted[0]).toEqual({ title: 'Acme only', text: 'Water off', image: null, tenantId: 2 });
    });

    it('deletes one after asking', SLOW_TEST, async () => {
      renderNotices(<AdminNoticesPage />, '/admin/notices');
      fireEvent.click(await screen.findByTestId('delete-announcement-9', {}, WAIT));
      fireEvent.click(await screen.findByText('Delete', { selector: '.ant-popconfirm button *' }, WAIT));
      expect(await screen.findByText('Announcement deleted', {}, WAIT)).toBeTruthy();
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/admin/announcements/9')).toBe(
        true,
      );
    });
  });

  it('alarm e-mails: switched on for a bound address, with the quiet hours that hold them back', async () => {
    const settings = {
      emailAlarms: false,
      email: 'ops@example.com',
      quietHours: { enabled: true, start: 1140, end: 481 },
      timeZone: 'Asia/Shanghai',
    };
    server = new NoticeServer({
      'GET /notices/settings': () => ({ body: settings }),
      'PATCH /notices/settings': (r) => {
        Object.assign(settings, r.body);
        return { body: settings };
      },
    });
    const me = sampleMe({ email: 'ops@example.com' });
    renderNotices(
      <EmailAlarmsPanel me={{ ...me, param: { ...me.param, quietHours: settings.quietHours } }} />,
      '/setting/personalCenter',
    );
    expect(await screen.findByText('Mails go to ops@example.com.', {}, WAIT)).toBeTruthy();
    expect(
      await screen.findByText(
        'Not mailed in your quiet hours (19:00–08:01, time zone Asia/Shanghai).',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Alarms within a minute go in one mail; at most 6 mails an hour.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Mail me when an alarm is raised'));
    expect(await screen.findByText('Saved', {}, WAIT)).toBeTruthy();
    expect(server.posts('/notices/settings')).toEqual([{ emailAlarms: true }]);
    await waitFor(() =>
      expect(screen.getByLabelText('Mail me when an alarm is raised').getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
  });

  it('alarm e-mails: cannot be turned on without a bound address', async () => {
    server = new NoticeServer({
      'GET /notices/settings': {
        body: {
          emailAlarms: false,
          email: null,
          quietHours: { enabled: false, start: 1140, end: 481 },
          timeZone: 'Asia/Shanghai',
        },
      },
    });
    renderNotices(<EmailAlarmsPanel me={sampleMe({ email: null })} />, '/setting/personalCenter');
    expect(
      await screen.findByText('Bind an e-mail address above to receive alarm e-mails.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByLabelText('Mail me when an alarm is raised').hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('Quiet hours are off: every alarm is mailed.', {}, WAIT)).toBeTruthy();
  });
});
