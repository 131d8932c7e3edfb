// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import PersonalCenterPage from './PersonalCenterPage';
import { control, PATIENT, patchedMe, renderAccount, signIn, signOut, SLOW } from './test-support';

const TABS = [
  '基本资料',
  '修改密码',
  '账号绑定',
  '报警声音',
  '免打扰时段',
  '邮件报警',
  '系统参数',
  '语言和时间',
  '摄像头',
  '文件',
];

// By text: a role query naming a tab computes the styles of the whole page, seconds in jsdom.
const tab = (name: string) => screen.getByText(name, { selector: '[role="tab"]' });
const radio = (label: string) => control(label);

/** Opens a tab and waits until it is the selected one. */
async function open(name: string) {
  fireEvent.click(tab(name));
  await waitFor(() => expect(tab(name).getAttribute('aria-selected')).toBe('true'), SLOW);
}

describe('personal center page', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('waits for the user record before showing anything', () => {
    signIn();
    useMe.getState().setMe(null);
    renderAccount(<PersonalCenterPage />);
    expect(document.querySelector('.ant-spin')).not.toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('个人中心')).toBeNull();
  });

  it('has the ten tabs, the profile open first', () => {
    signIn(sampleMe({ userName: 'carol' }));
    renderAccount(<PersonalCenterPage />);
    expect(screen.getByText('个人中心')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(TABS);
    expect(tab('基本资料').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('carol')).toBeTruthy();
    expect(screen.getByLabelText('所在城市')).toBeTruthy();
  });

  it('shows each form in its tab, fed from the user record', async () => {
    signIn(
      sampleMe({
        email: 'ops@example.com',
        param: {
          ...sampleMe().param,
          quietHours: { ...sampleMe().param.quietHours, start: 1320 },
          alarm: { repeat: 3, sound: 0 },
        },
      }),
    );
    restore = mockFetch({
      'GET /me/social': { body: { items: [] } },
      'GET /auth/social-providers': { body: { items: [] } },
    }).restore;
    renderAccount(<PersonalCenterPage />);

    await open('修改密码');
    expect(screen.getByLabelText('当前密码')).toBeTruthy();
    expect(screen.getByLabelText('确认密码')).toBeTruthy();

    await open('账号绑定');
    expect(screen.getByText('当前：13800000000')).toBeTruthy();
    expect(screen.getByText('当前：ops@example.com')).toBeTruthy();

    await open('报警声音');
    expect(radio('1 分钟').checked).toBe(true);

    await open('免打扰时段');
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('22:00');

    await open('系统参数');
    expect(screen.getByLabelText('显示“全开”按钮').getAttribute('aria-checked')).toBe('true');

    await open('语言和时间');
    expect(radio('简体中文').checked).toBe(true);
  });

  it('a language chosen in its tab turns the whole page', async () => {
    signIn();
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    renderAccount(<PersonalCenterPage />);
    await open('语言和时间');
    fireEvent.click(radio('English'));
    expect(await screen.findByText('Personal center', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Password',
      'Phone and e-mail',
      'Alarm sound',
      'Quiet hours',
      'Alarm e-mails',
      'System parameters',
      'Language and time',
      'Cameras',
      'Files',
    ]);
    await waitFor(() => expect(useMe.getState().me?.language).toBe('en'), SLOW);
  });
});
