import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleFullScreen, useIsFullScreen } from './fullscreen';
import HeaderButton from './HeaderButton';

export default function FullScreenButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const full = useIsFullScreen();
  const toggle = () => {
    toggleFullScreen().catch(() => void message.error(t('shell.header.fullScreenFailed')));
  };
  return (
    <HeaderButton
      label={t(full ? 'shell.header.exitFullScreen' : 'shell.header.fullScreen')}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
