/**
 * The header's icons in the order of §2, after the weather (§4; shown when the server has a weather
 * service); the settings switch most of them on and off.
 */
import { SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openSettingsDrawer } from '../../settings/drawer';
import { useSettings } from '../../settings/store';
import WeatherChip from '../../features/weather/WeatherChip';
import AvatarMenu from './AvatarMenu';
import ErrorLogButton from './ErrorLogButton';
import FullScreenButton from './FullScreenButton';
import HeaderButton from './HeaderButton';
import LanguageButton from './LanguageButton';
import NoticeButton from './NoticeButton';
import RefreshButton from './RefreshButton';
import SearchButton from './SearchButton';

export default function HeaderActions() {
  const { t } = useTranslation();
  const s = useSettings((state) => state.settings);
  return (
    <div className="fl-header-actions">
      <WeatherChip />
      <ErrorLogButton />
      {s.showSearch && <SearchButton />}
      {s.showNotice && <NoticeButton />}
      {s.showFullScreen && <FullScreenButton />}
      {s.showLanguage && <LanguageButton />}
      {s.showTheme && (
        <HeaderButton label={t('shell.header.theme')} icon={<SkinOutlined />} onClick={openSettingsDrawer} />
      )}
      {s.showRefresh && <RefreshButton />}
      <AvatarMenu />
    </div>
  );
}
