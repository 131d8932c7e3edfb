/**
 * The theme drawer (§2): every shell setting, previewed as it changes; save keeps them, closing
 * unsaved goes back. Restore defaults, random theme (a loader for 1 s) and clear cache (wipes
 * local storage and reloads).
 */
import { App, Button, Divider, Drawer, Popconfirm, Radio, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeSettingsDrawer, useSettingsDrawer } from './drawer';
import { COLUMN_STYLES, LAYOUTS, TAB_STYLES, THEME_NAMES } from './settings';
import type { BooleanSetting, ShellSettings } from './settings';
import { useSettings } from './store';
import type { MessageKey } from '../i18n';

/** §4: the random theme's loader closes after 1 s. */
export const RANDOM_THEME_LOADER_MS = 1000;

const HEADER_ICONS: readonly BooleanSetting[] = [
  'showLanguage',
  'showRefresh',
  'showSearch',
  'showTheme',
  'showNotice',
  'showFullScreen',
];

type Choice = 'layout' | 'theme' | 'tabStyle' | 'columnStyle';
const CHOICES: readonly { key: Choice; options: readonly string[]; labels: string }[] = [
  { key: 'layout', options: LAYOUTS, labels: 'layouts' },
  { key: 'theme', options: THEME_NAMES, labels: 'themes' },
  { key: 'tabStyle', options: TAB_STYLES, labels: 'tabStyles' },
  { key: 'columnStyle', options: COLUMN_STYLES, labels: 'columnStyles' },
];

function Row({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <div className="fl-setting-row">
      <span className="fl-setting-label">{label}</span>
      {children}
    </div>
  );
}

/** Clearing the cache forgets everything this browser keeps for the console, sign-in included. */
export function clearCacheAndReload(
  storage: Storage = localStorage,
  reload = () => window.location.reload(),
) {
  storage.clear();
  reload();
}

export default function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = useSettingsDrawer((s) => s.open);
  const settings = useSettings((s) => s.settings);
  const { change, save, revert, restoreDefaults, randomizeTheme } = useSettings.getState();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), RANDOM_THEME_LOADER_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  const toggle = (key: BooleanSetting) => (
    <Row key={key} label={t(`shell.settings.${key}`)}>
      <Switch
        size="small"
        checked={settings[key]}
        aria-label={t(`shell.settings.${key}`)}
        onChange={(on) => change({ [key]: on } as Partial<ShellSettings>)}
      />
    </Row>
  );

  return (
    <>
      <Drawer
        open={open}
        title={t('shell.settings.title')}
        size={340}
        onClose={() => {
          revert();
          closeSettingsDrawer();
        }}
        footer={
          <Space wrap>
            <Button
              type="primary"
              onClick={() => {
                save();
                closeSettingsDrawer();
                void message.success(t('shell.settings.saved'));
              }}
            >
              {t('shell.settings.save')}
            </Button>
            <Button onClick={restoreDefaults}>{t('shell.settings.restoreDefaults')}</Button>
            <Button
              onClick={() => {
                randomizeTheme();
                setLoading(true);
              }}
            >
              {t('shell.settings.randomTheme')}
            </Button>
            <Popconfirm
              title={t('shell.settings.clearCacheConfirm')}
              okText={t('common.actions.ok')}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => clearCacheAndReload()}
            >
              <Button danger>{t('shell.settings.clearCache')}</Button>
            </Popconfirm>
          </Space>
        }
      >
        {CHOICES.map(({ key, options, labels }) => (
          <div key={key} className="fl-setting-block">
            <Typography.Text strong>{t(`shell.settings.${key}`)}</Typography.Text>
            <Radio.Group
              aria-label={t(`shell.settings.${key}`)}
              optionType="button"
              size="small"
              value={settings[key]}
              onChange={(e) => change({ [key]: e.target.value as string } as Partial<ShellSettings>)}
              // Every option of every choice has its label (SettingsDrawer.test.tsx renders them all).
              options={options.map((o) => ({
                value: o,
                label: t(`shell.settings.${labels}.${o}` as MessageKey),
              }))}
            />
          </div>
        ))}
        <Typography.Paragraph type="secondary" className="fl-setting-note">
          {t('shell.settings.mobileNote')}
        </Typography.Paragraph>
        <Divider size="small" />
        {(['showTabs', 'showTabIcon', 'fixedHeader', 'showProgress'] as const).map(toggle)}
        <Divider size="small" titlePlacement="start" plain>
          {t('shell.settings.headerIcons')}
        </Divider>
        {HEADER_ICONS.map(toggle)}
      </Drawer>
      <Spin fullscreen spinning={loading} />
    </>
  );
}
