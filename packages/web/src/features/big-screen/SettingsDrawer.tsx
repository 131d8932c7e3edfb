/**
 * The wall's settings: the layout preset, the rotation, the period of the alarm figures, the
 * diagram shown, the live channels (picked with the diagrams' binding picker, up to
 * MAX_CHANNELS), the alarm sound and the language (kept for the account, as the header's
 * language menu keeps it). Every change is saved as it is made.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Binding } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diagramListKey, listDiagrams } from '../../api/diagrams';
import BindingPicker from '../../diagrams/BindingPicker';
import { useDirectory } from '../../equipment/directory';
import { isLanguage, LANGUAGES } from '../../i18n';
import { chooseLanguage } from '../../session/language';
import {
  addChannel,
  MAX_CHANNELS,
  PERIODS,
  pickKey,
  PRESETS,
  removeChannel,
  ROTATION_CHOICES,
} from './layout';
import type { ChannelPick, WallLayout } from './layout';

export interface SettingsDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly layout: WallLayout;
  readonly change: (patch: Partial<WallLayout>) => void;
}

const CHANNEL_KINDS = ['ai', 'ao', 'di', 'do'] as const;

function ChannelList({ layout, change }: Pick<SettingsDrawerProps, 'layout' | 'change'>) {
  const { t } = useTranslation();
  const names = useDirectory((d) => d.entries);
  const [draft, setDraft] = useState<Binding | null>(null);
  const full = layout.channels.length >= MAX_CHANNELS;
  const add = (): void => {
    if (!draft?.channel) return;
    const pick: ChannelPick = {
      equipmentId: draft.equipmentId,
      kind: draft.channel.kind,
      index: draft.channel.index,
    };
    change({ channels: addChannel(layout.channels, pick) });
    setDraft(null);
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {t('bigScreen.settings.valuesHint', { max: MAX_CHANNELS })}
      </Typography.Text>
      <ul className="bs-picks" data-testid="bs-picks">
        {layout.channels.map((pick) => {
          const label = `${names[pick.equipmentId]?.name ?? `#${pick.equipmentId}`} · ${pick.kind.toUpperCase()}${pick.index}`;
          return (
            <li key={pickKey(pick)}>
              <span>{label}</span>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('bigScreen.settings.remove', { name: label })}
                onClick={() => change({ channels: removeChannel(layout.channels, pick) })}
              />
            </li>
          );
        })}
      </ul>
      <BindingPicker value={draft} onChange={setDraft} kinds={CHANNEL_KINDS} disabled={full} />
      <Button icon={<PlusOutlined />} disabled={full || !draft?.channel} onClick={add}>
        {t('bigScreen.settings.add')}
      </Button>
    </Flex>
  );
}

export default function SettingsDrawer({ open, onClose, layout, change }: SettingsDrawerProps) {
  const { t, i18n } = useTranslation();
  const projects = useQuery({
    queryKey: diagramListKey,
    queryFn: ({ signal }) => listDiagrams(signal),
    enabled: open,
  });
  const diagramOptions = (projects.data ?? []).map((p) => ({
    value: p.id,
    label: p.kind === '3d' ? `${p.name} (3D)` : p.name,
    disabled: p.kind === '3d',
  }));
  return (
    <Drawer open={open} onClose={onClose} title={t('bigScreen.settings.title')} size={520} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('bigScreen.settings.preset')}>
          <Radio.Group
            name="bs-preset"
            optionType="button"
            value={layout.preset}
            onChange={(e) => change({ preset: e.target.value as WallLayout['preset'] })}
            options={PRESETS.map((p) => ({ value: p, label: t(`bigScreen.presets.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.rotate')}>
          <Flex gap={12} align="center">
            <Switch
              checked={layout.rotate}
              onChange={(rotate) => change({ rotate })}
              aria-label={t('bigScreen.settings.rotate')}
            />
            <Select<number>
              aria-label={t('bigScreen.settings.interval')}
              style={{ width: 160 }}
              value={layout.rotationSeconds}
              disabled={!layout.rotate}
              onChange={(rotationSeconds) => change({ rotationSeconds })}
              options={ROTATION_CHOICES.map((s) => ({
                value: s,
                label: t('bigScreen.settings.seconds', { count: s }),
              }))}
            />
          </Flex>
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.period')}>
          <Radio.Group
            name="bs-period"
            value={layout.period}
            onChange={(e) => change({ period: e.target.value as WallLayout['period'] })}
            options={PERIODS.map((p) => ({ value: p, label: t(`system.span.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.diagram')} extra={t('bigScreen.settings.diagramHint')}>
          <Select<string>
            aria-label={t('bigScreen.settings.diagram')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={projects.isLoading}
            placeholder={t('bigScreen.settings.noDiagram')}
            value={layout.diagramId ?? undefined}
            onChange={(id) => change({ diagramId: id ?? null })}
            onClear={() => change({ diagramId: null })}
            options={diagramOptions}
          />
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.values')}>
          <ChannelList layout={layout} change={change} />
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.sound')} extra={t('bigScreen.settings.soundHint')}>
          <Switch
            checked={layout.sound}
            onChange={(sound) => change({ sound })}
            aria-label={t('bigScreen.settings.sound')}
          />
        </Form.Item>
        <Form.Item label={t('bigScreen.settings.language')}>
          <Radio.Group
            name="bs-language"
            value={i18n.language}
            onChange={(e) => {
              const lang: unknown = e.target.value;
              if (isLanguage(lang)) void chooseLanguage(lang);
            }}
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`common.languages.${lang}`) }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
