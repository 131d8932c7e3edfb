/**
 * The info area for a user who may read the device but not change it: the same facts, as text,
 * and the notice that there is no configuration permission (spec §6).
 */
import { Alert, Descriptions, Input, Space, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { ColorSwatch } from './ColorsFields';
import { ImagePreview } from './ImageField';
import { COLOR_KEYS, formatGps, hasLocation, valuesOf } from './info-values';
import { LocationMapView } from './LocationFields';

function TextOrNone({ value }: { readonly value: string }) {
  const { t } = useTranslation();
  return value === '' ? (
    <Typography.Text type="secondary">{t('configure.info.notes.none')}</Typography.Text>
  ) : (
    <Typography.Text>{value}</Typography.Text>
  );
}

function ImageText({ value }: { readonly value: string }) {
  return (
    <Space orientation="vertical" size={4}>
      <TextOrNone value={value} />
      <ImagePreview value={value} />
    </Space>
  );
}

function CameraPassword({ value }: { readonly value: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (value === '') return <TextOrNone value="" />;
  return (
    <Input.Password
      readOnly
      value={value}
      visibilityToggle={{ visible: shown, onVisibleChange: setShown }}
      aria-label={t('configure.info.fields.cameraPassword')}
      style={{ maxWidth: 280 }}
    />
  );
}

export default function InfoReadOnly({
  record,
  camera,
}: {
  readonly record: Equipment;
  readonly camera: boolean;
}) {
  const { t } = useTranslation();
  const values = valuesOf(record);
  const position = values.lat !== null && values.lng !== null ? { lat: values.lat, lng: values.lng } : null;
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'name', label: t('configure.info.fields.name'), children: <TextOrNone value={values.name} /> },
    {
      key: 'description',
      label: t('configure.info.fields.description'),
      children: <TextOrNone value={values.description} />,
    },
    { key: 'group', label: t('configure.info.fields.group'), children: <TextOrNone value={values.group} /> },
    { key: 'image', label: t('configure.info.fields.image'), children: <ImageText value={values.image} /> },
    {
      key: 'webBackground',
      label: t('configure.info.fields.webBackground'),
      children: <ImageText value={values.webBackground} />,
    },
    {
      key: 'background',
      label: t('pictures.fields.background'),
      children: <ImageText value={values.background} />,
    },
    ...COLOR_KEYS.map((key) => ({
      key: `color-${key}`,
      label: `${t('configure.info.sections.colors')}: ${t(`configure.info.colors.${key}`)}`,
      children: <ColorSwatch value={values.colors[key]} />,
    })),
    ...(camera
      ? [
          {
            key: 'cameraPassword',
            label: t('configure.info.fields.cameraPassword'),
            children: <CameraPassword value={values.cameraPassword} />,
          },
        ]
      : []),
    ...(hasLocation(record)
      ? [
          {
            key: 'position',
            label: t('configure.info.fields.position'),
            children: position ? (
              <Typography.Text>{formatGps(position.lng, position.lat)}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('configure.info.notes.noPosition')}</Typography.Text>
            ),
          },
        ]
      : []),
  ];
  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 880 }}
      data-testid="info-read-only"
    >
      <Alert type="info" showIcon title={t('monitoring.device.noConfig')} data-testid="info-no-config" />
      <Descriptions column={1} bordered size="small" items={items} />
      {hasLocation(record) && position ? (
        <LocationMapView at={position} label={t('configure.info.sections.location')} />
      ) : null}
    </Space>
  );
}
