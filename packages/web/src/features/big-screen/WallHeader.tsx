/**
 * The wall's top line: its title, the time, whether the rotation is paused, and its buttons:
 * the alarm sound (muted, 'click to enable sound' while the browser still blocks it, on), the
 * settings, full screen (the browser's Fullscreen API) and the way back to the console.
 */
import {
  ArrowLeftOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MutedOutlined,
  PauseCircleOutlined,
  SettingOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTimeFormat } from '../../time/zone';
import { toggleFullScreen, useIsFullScreen } from '../../shell/header/fullscreen';
import type { SoundState } from './wall-sound';

/** Where the back button leads: the system overview, the wall's neighbour in the menu. */
export const BACK_PATH = '/system';

function Clock() {
  const time = useTimeFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="bs-clock" dateTime={new Date(now).toISOString()}>
      {time.format(now)}
    </time>
  );
}

function IconButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" className="bs-icon-button" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

export interface WallHeaderProps {
  readonly paused: boolean;
  readonly sound: { readonly state: SoundState; toggle(): void };
  readonly onSettings: () => void;
}

export default function WallHeader({ paused, sound, onSettings }: WallHeaderProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const full = useIsFullScreen();
  const fullScreen = (): void => {
    toggleFullScreen().catch(() => void message.error(t('shell.header.fullScreenFailed')));
  };
  return (
    <header className="bs-header">
      <h1 className="bs-title">{t('bigScreen.title')}</h1>
      <Clock />
      {paused ? (
        <span className="bs-paused" data-testid="bs-paused">
          <PauseCircleOutlined /> {t('bigScreen.paused')}
        </span>
      ) : null}
      <span className="bs-actions">
        {sound.state === 'locked' ? (
          <Button className="bs-enable-sound" type="primary" icon={<SoundOutlined />} onClick={sound.toggle}>
            {t('bigScreen.sound.enable')}
          </Button>
        ) : (
          <IconButton
            label={t(sound.state === 'on' ? 'bigScreen.sound.mute' : 'bigScreen.sound.unmute')}
            icon={sound.state === 'on' ? <SoundOutlined /> : <MutedOutlined />}
            onClick={sound.toggle}
          />
        )}
        <IconButton label={t('bigScreen.settings.title')} icon={<SettingOutlined />} onClick={onSettings} />
        <IconButton
          label={t(full ? 'shell.header.exitFullScreen' : 'shell.header.fullScreen')}
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={fullScreen}
        />
        <IconButton
          label={t('bigScreen.back')}
          icon={<ArrowLeftOutlined />}
          onClick={() => {
            if (full) void document.exitFullscreen().catch(() => undefined);
            void navigate(BACK_PATH);
          }}
        />
      </span>
    </header>
  );
}
