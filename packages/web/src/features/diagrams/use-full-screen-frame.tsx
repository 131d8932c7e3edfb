/**
 * A project's live view that can fill the screen (a control room's spare monitor, a meeting): the
 * button asks the browser to show the frame full screen; Esc or the button again leaves. While full
 * screen the frame's content fills it (diagrams.css) and the button stays on it.
 */
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

export interface FullScreenFrame {
  /** The element shown full screen: give it to the frame's <div>. */
  readonly frame: RefObject<HTMLDivElement | null>;
  readonly active: boolean;
  /** The button that enters and leaves full screen. */
  readonly button: ReactNode;
}

export function useFullScreenFrame(): FullScreenFrame {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const frame = useRef<HTMLDivElement>(null);
  const active = useSyncExternalStore(
    subscribe,
    () => frame.current !== null && document.fullscreenElement === frame.current,
  );
  const toggle = useCallback(async (): Promise<void> => {
    if (document.fullscreenElement) {
      await document.exitFullscreen();
      return;
    }
    const element = frame.current;
    if (!element || !document.fullscreenEnabled || typeof element.requestFullscreen !== 'function') {
      throw new Error('full screen is not available');
    }
    await element.requestFullscreen();
  }, []);
  const press = (): void => {
    toggle().catch(() => void message.warning(t('diagrams.projects.page.fullScreenRefused')));
  };
  const button = (
    <Button
      size="small"
      icon={active ? <CompressOutlined /> : <ExpandOutlined />}
      onClick={press}
      data-testid="diagram-full-screen"
    >
      {t(active ? 'diagrams.projects.page.leaveFullScreen' : 'diagrams.projects.page.fullScreen')}
    </Button>
  );
  return { frame, active, button };
}
