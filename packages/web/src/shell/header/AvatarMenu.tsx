/**
 * The avatar and its menu: personal center and sign-out (§2), the theme drawer, and help, feedback
 * and about (features/support); the name is cut at 6 units.
 */
import {
  DownOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../session/logout';
import { openSettingsDrawer } from '../../settings/drawer';
import { useMe } from '../../session/me';
import { cutName } from '../userName';

export const PERSONAL_CENTER_PATH = '/setting/personalCenter';

/** The menu's entries that open a page, by key. */
const PAGES: Readonly<Record<string, string>> = {
  personalCenter: PERSONAL_CENTER_PATH,
  help: '/help',
  feedback: '/feedback',
  about: '/about',
};

export default function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useMe((s) => s.me?.userName ?? '');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'personalCenter', icon: <UserOutlined />, label: t('shell.avatar.personalCenter') },
          // The drawer stays reachable when the theme icon is switched off.
          { key: 'theme', icon: <SkinOutlined />, label: t('shell.header.theme') },
          { type: 'divider' },
          { key: 'help', icon: <QuestionCircleOutlined />, label: t('support.routes.help') },
          { key: 'feedback', icon: <MessageOutlined />, label: t('support.routes.feedback') },
          { key: 'about', icon: <InfoCircleOutlined />, label: t('support.routes.about') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('shell.avatar.logout') },
        ],
        onClick: ({ key }) => {
          const path = PAGES[key];
          if (path !== undefined) void navigate(path);
          else if (key === 'theme') openSettingsDrawer();
          else void logout();
        },
      }}
    >
      <button
        type="button"
        className="fl-avatar"
        title={name}
        aria-label={name || t('shell.avatar.personalCenter')}
      >
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="fl-avatar-name">{cutName(name)}</span>
        <DownOutlined className="fl-avatar-caret" />
      </button>
    </Dropdown>
  );
}
