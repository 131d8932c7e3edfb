/**
 * /bigScreen (spec §2 "big-screen display"): a wall display for a control room, drawn without the
 * console's shell, dark, filling the window whatever its size with nothing to scroll (every size
 * in the stylesheet is in vh, so 1920×1080 and 3840×2160 draw the same picture). The totals run
 * across the top; below, the slots of the user's preset, some turning between panels every few
 * seconds (paused while the pointer is over them or the settings are open). The layout is the
 * user's saved document (use-wall-layout.ts). The page keeps running for days: every list it
 * holds is cut to a size, and each timer and subscription goes with the panel that made it.
 */
import { ConfigProvider, Spin, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlarmsOnWall } from '../../alarms/notify';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import { TickerPanel, TopAlarmsPanel } from './AlarmPanels';
import DiagramPanel from './DiagramPanel';
import { PRESET_SLOTS } from './layout';
import type { PanelId, WallLayout } from './layout';
import LiveValuesPanel from './LiveValuesPanel';
import MapPanel from './MapPanel';
import RatioPanel from './RatioPanel';
import { panelAt, useRotation } from './rotation';
import SettingsDrawer from './SettingsDrawer';
import TotalsStrip from './TotalsStrip';
import { useWallLayout } from './use-wall-layout';
import { useWallSound } from './wall-sound';
import WallHeader from './WallHeader';
import './big-screen.css';
import './panels.css';

const WALL_THEME = { algorithm: theme.darkAlgorithm };

function panel(
  id: PanelId,
  layout: WallLayout,
  title: string,
  turn: { readonly index: number; readonly count: number },
): ReactNode {
  const frame = { id, title, turn };
  switch (id) {
    case 'ratio':
      return <RatioPanel {...frame} period={layout.period} />;
    case 'ticker':
      return <TickerPanel {...frame} period={layout.period} />;
    case 'top':
      return <TopAlarmsPanel {...frame} period={layout.period} />;
    case 'map':
      return <MapPanel {...frame} />;
    case 'values':
      return <LiveValuesPanel {...frame} channels={layout.channels} />;
    case 'diagram':
      return <DiagramPanel {...frame} diagramId={layout.diagramId} />;
  }
}

export default function BigScreenPage() {
  const { t } = useTranslation();
  useEquipmentLoaded();
  const { layout, ready, change } = useWallLayout();
  const [settings, setSettings] = useState(false);
  const [hovered, setHovered] = useState(false);
  const paused = layout.rotate && (hovered || settings);
  const turn = useRotation(layout.rotationSeconds * 1000, layout.rotate && !paused);
  const setSound = useMemo(() => (sound: boolean) => change({ sound }), [change]);
  const sound = useWallSound(layout.sound, setSound);

  useEffect(() => {
    const before = document.title;
    document.title = `${t('bigScreen.title')} - ${t('common.appTitle')}`;
    return () => {
      document.title = before;
    };
  }, [t]);

  // The wall's ticker and beep stand for the console's pop-ups and sound here.
  useEffect(() => showAlarmsOnWall(), []);

  const slots = PRESET_SLOTS[layout.preset];
  return (
    <ConfigProvider theme={WALL_THEME}>
      <div
        className="bs-root"
        data-page="BigScreenPage"
        data-preset={layout.preset}
        // 'Click to enable sound': any click on the wall will do.
        onPointerDown={sound.state === 'locked' ? sound.unlock : undefined}
      >
        <WallHeader paused={paused} sound={sound} onSettings={() => setSettings(true)} />
        <TotalsStrip />
        {ready ? (
          <main
            className={`bs-slots bs-preset-${layout.preset}`}
            onMouseEnter={() => setHovered(true)}
            onMouseLeave={() => setHovered(false)}
          >
            {slots.map((panels, i) => {
              const shown = layout.rotate ? turn % panels.length : 0;
              const id = panelAt(panels, shown) ?? panels[0]!;
              return (
                <div key={`${i}:${id}`} className={`bs-slot bs-slot-${i + 1}`}>
                  {panel(id, layout, t(`bigScreen.panels.${id}`), { index: shown, count: panels.length })}
                </div>
              );
            })}
          </main>
        ) : (
          <Spin className="bs-loading" />
        )}
        <SettingsDrawer open={settings} onClose={() => setSettings(false)} layout={layout} change={change} />
      </div>
    </ConfigProvider>
  );
}
