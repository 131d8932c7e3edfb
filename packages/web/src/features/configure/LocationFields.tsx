/**
 * Where a device stands (settings.param.basicParam.gps, `lng, lat`): a small map where the owner
 * clicks or drags the marker, and the two numbers, each checked against its range. Without the
 * edit right the map shows the position and nothing moves.
 */
import { Alert, Flex, Form, InputNumber, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '../map/gps';
import { canDrawMap } from '../map/device-map';
import { useLeafletMap } from '../map/use-leaflet-map';
import { LAT_BOUND, LNG_BOUND } from './info-values';
import { LocationMap } from './location-map';

const MAP_HEIGHT = 300;

/** The map alone: the marker at `at`; `onPick` (when given) is called with a clicked or dragged spot. */
export function LocationMapView({
  at,
  onPick,
  label,
}: {
  readonly at: Position | null;
  readonly onPick?: (position: Position) => void;
  readonly label: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  // Made at the position of the first drawing; later ones follow below.
  const { map, state } = useLeafletMap(
    box,
    (L, element) =>
      new LocationMap(L, element, at, {
        editable: pick.current !== undefined,
        onPick: (p) => pick.current?.(p),
      }),
  );

  useEffect(() => {
    map.current?.moveTo(at);
  }, [at, state]);

  useEffect(() => {
    map.current?.setEditable(onPick !== undefined);
  }, [onPick, state]);

  if (state === 'failed')
    return <Alert type="warning" showIcon title={t('configure.info.notes.mapFailed')} />;
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 640 }}>
      <div
        ref={box}
        role="application"
        aria-label={label}
        data-testid="location-map"
        style={{ height: MAP_HEIGHT, background: '#eef3f7', borderRadius: 6 }}
      />
      {state === 'loading' && canDrawMap() ? (
        <Spin style={{ position: 'absolute', top: '45%', left: '50%', zIndex: 1000 }} />
      ) : null}
    </div>
  );
}

const inRange = (bound: number, message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (typeof value === 'number' && (value < -bound || value > bound)) throw new Error(message);
  },
});

/** Both or neither: a position needs the two numbers. */
const both =
  (other: 'lat' | 'lng', message: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      if ((value === null || value === undefined) && typeof getFieldValue(other) === 'number') {
        throw new Error(message);
      }
    },
  });

export default function LocationFields({ unreadable }: { readonly unreadable: string | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // The watch is empty on the first render: the form's own value stands in until it fills.
  const lat: unknown = Form.useWatch('lat', form) ?? form.getFieldValue('lat');
  const lng: unknown = Form.useWatch('lng', form) ?? form.getFieldValue('lng');
  const at =
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= LAT_BOUND &&
    Math.abs(lng) <= LNG_BOUND
      ? { lat, lng }
      : null;

  const onPick = (p: Position): void => {
    form.setFieldsValue({ lat: p.lat, lng: p.lng });
    void form.validateFields(['lat', 'lng']).catch(() => undefined);
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('configure.info.notes.mapHint')}</Typography.Text>
      {unreadable !== null ? (
        <Typography.Text type="warning">
          {t('configure.info.notes.unreadablePosition', { gps: unreadable })}
        </Typography.Text>
      ) : null}
      <LocationMapView at={at} onPick={onPick} label={t('configure.info.sections.location')} />
      <Space wrap size="large">
        <Form.Item
          name="lat"
          label={t('configure.info.fields.lat')}
          dependencies={['lng']}
          rules={[
            inRange(LAT_BOUND, t('configure.info.validation.lat')),
            both('lng', t('configure.info.validation.both')),
          ]}
        >
          <InputNumber style={{ width: 180 }} step={0.1} />
        </Form.Item>
        <Form.Item
          name="lng"
          label={t('configure.info.fields.lng')}
          dependencies={['lat']}
          rules={[
            inRange(LNG_BOUND, t('configure.info.validation.lng')),
            both('lat', t('configure.info.validation.both')),
          ]}
        >
          <InputNumber style={{ width: 180 }} step={0.1} />
        </Form.Item>
      </Space>
    </Flex>
  );
}
