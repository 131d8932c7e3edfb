/** The avatar and its menu: personal center and sign-out (§2); the name is cut at 6 units. */
import { DownOutlined, LogoutOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../session/logout';
import { openSettingsDrawer } from '../../settings/drawer';
import { useMe } from '../../session/me';
import { cutName } from '../userName';

export const PERSONAL_CENTER_PATH = '/setting/personalCenter';

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
          { key: 'logout', icon: <LogoutOutlined />, label: t('shell.avatar.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'personalCenter') void navigate(PERSONAL_CENTER_PATH);
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
