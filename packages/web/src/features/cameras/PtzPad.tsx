/**
 * PTZ controls of a cloud camera: eight direction arrows around the centre and zoom in/out, each
 * moving the camera while held (use-ptz-hold.ts), and the speed. A failed command shows briefly.
 */
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Flex, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPtz } from '../../api/cameras';
import type { PtzCommand, PtzDirection } from '../../api/cameras';
import type { KeyUnder } from '../../i18n';
import { describeError } from '../auth/errors';
import { usePtzHold } from './use-ptz-hold';
import type { PtzSpeed } from './use-ptz-hold';

const LABELS: Readonly<Record<PtzDirection, KeyUnder<'cameras.ptz.directions'>>> = {
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  'up-left': 'upLeft',
  'down-left': 'downLeft',
  'up-right': 'upRight',
  'down-right': 'downRight',
  'zoom-in': 'zoomIn',
  'zoom-out': 'zoomOut',
};

const ICONS: Readonly<Record<PtzDirection, ReactNode>> = {
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
  'up-left': <ArrowUpOutlined rotate={-45} />,
  'up-right': <ArrowUpOutlined rotate={45} />,
  'down-left': <ArrowDownOutlined rotate={45} />,
  'down-right': <ArrowDownOutlined rotate={-45} />,
  'zoom-in': <ZoomInOutlined />,
  'zoom-out': <ZoomOutOutlined />,
};

/** The pad row by row; null is the empty centre. */
const GRID: readonly (PtzDirection | null)[] = [
  'up-left',
  'up',
  'up-right',
  'left',
  null,
  'right',
  'down-left',
  'down',
  'down-right',
];

const SPEEDS: readonly { value: PtzSpeed; label: KeyUnder<'cameras.ptz.speeds'> }[] = [
  { value: 0, label: 'slow' },
  { value: 1, label: 'normal' },
  { value: 2, label: 'fast' },
];

/** How long a failed command's message stays, seconds. */
const ERROR_SECONDS = 3;

export default function PtzPad({ equipmentId }: { readonly equipmentId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [speed, setSpeed] = useState<PtzSpeed>(1);
  const send = useCallback((command: PtzCommand) => sendPtz(equipmentId, command), [equipmentId]);
  const onError = useCallback(
    (error: unknown) =>
      // One message for a hold: the stop that follows a failed start replaces it.
      void message.error({
        key: 'ptz-failed',
        content: t('cameras.ptz.failed', { reason: describeError(error, t) }),
        duration: ERROR_SECONDS,
      }),
    [message, t],
  );
  const { pressed, handlers } = usePtzHold(send, speed, onError);

  const button = (direction: PtzDirection) => (
    <Button
      key={direction}
      icon={ICONS[direction]}
      aria-label={t(`cameras.ptz.directions.${LABELS[direction]}`)}
      title={t(`cameras.ptz.directions.${LABELS[direction]}`)}
      aria-pressed={pressed === direction}
      type={pressed === direction ? 'primary' : 'default'}
      style={{ width: 44, height: 44, touchAction: 'none', userSelect: 'none' }}
      data-ptz={direction}
      {...handlers(direction)}
    />
  );

  return (
    <Card size="small" title={t('cameras.ptz.title')} data-testid="ptz-pad">
      <Flex vertical gap={12} align="center">
        <div
          role="group"
          aria-label={t('cameras.ptz.title')}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 44px)', gap: 6 }}
        >
          {GRID.map((direction, index) => (direction ? button(direction) : <span key={`centre-${index}`} />))}
        </div>
        <Flex gap={6}>
          {button('zoom-out')}
          {button('zoom-in')}
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text>{t('cameras.ptz.speed')}</Typography.Text>
          <Radio.Group
            optionType="button"
            size="small"
            value={speed}
            onChange={(event) => setSpeed(event.target.value as PtzSpeed)}
            options={SPEEDS.map((s) => ({ value: s.value, label: t(`cameras.ptz.speeds.${s.label}`) }))}
            data-testid="ptz-speed"
          />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('cameras.ptz.hint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
