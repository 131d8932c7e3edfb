/**
 * The info area for a user with the edit right: name, description, group, images, colours, the
 * camera password (camera right only) and the position (devices that keep one). Only what changed
 * is sent; a refusal goes on the field it names, anything else above the form. While it holds
 * changes, leaving the device asks first (./unsaved.ts).
 */
import { Alert, App, AutoComplete, Button, Divider, Form, Input, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { EQUIPMENT_PICTURE_BOX } from '../pictures/picture-address';
import ColorsFields from './ColorsFields';
import ImageField from './ImageField';
import { showOnFields } from './info-errors';
import {
  changesOf,
  completeValues,
  hasLocation,
  INFO_BOUNDS,
  infoFieldOf,
  sameValues,
  valuesOf,
} from './info-values';
import type { InfoValues } from './info-values';
import LocationFields from './LocationFields';
import { saveEquipment } from './save';
import { useUnsavedChanges } from './unsaved';

/** The stored gps text when it is there but cannot be read as a position, else null. */
function unreadableGps(record: Equipment, values: InfoValues): string | null {
  const basic = record.settings.param.basicParam as { readonly gps?: unknown } | undefined;
  return values.lat === null && typeof basic?.gps === 'string' ? basic.gps : null;
}

export default function InfoForm({
  record,
  camera,
}: {
  readonly record: Equipment;
  readonly camera: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InfoValues>();
  const groups = useDirectory((d) => d.groups);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const location = hasLocation(record);
  const scope = useMemo(() => ({ camera, location }), [camera, location]);
  const initial = useMemo(() => valuesOf(record), [record]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<InfoValues> | undefined;
  const changes = useMemo(
    () => changesOf(record, completeValues(watched, initial), scope),
    [record, watched, initial, scope],
  );
  const dirty = Object.keys(changes).length > 0;
  const shown = useRef(initial);
  /** Back to the record, without the messages of refused values. */
  const restore = (): void => {
    form.resetFields();
    form.setFieldsValue(shown.current);
    setFailure(null);
  };
  // Discarded (leaving the device or the page): the form shows the record again.
  useUnsavedChanges(dirty, restore);

  // The record changed (saved here, or elsewhere): shown at once, unless this form holds edits,
  // which are kept (and then compared with the new record).
  useEffect(() => {
    const before = shown.current;
    shown.current = initial;
    if (before === initial) return;
    const current = completeValues(form.getFieldsValue(true) as Partial<InfoValues>, before);
    if (sameValues(current, before)) form.setFieldsValue(initial);
  }, [initial, form]);

  const groupOptions = useMemo(() => groups.map((g) => ({ value: g.name })), [groups]);
  const tooLong = (max: number) => ({ max, message: t('configure.info.validation.tooLong', { max }) });

  const onFinish = async (): Promise<void> => {
    const values = completeValues(form.getFieldsValue(true) as Partial<InfoValues>, initial);
    const body = changesOf(record, values, scope);
    if (Object.keys(body).length === 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveEquipment(record.id, body);
      form.setFieldsValue(valuesOf(saved));
      void message.success(t('configure.info.messages.saved'));
    } catch (error) {
      const general = showOnFields(form, error, infoFieldOf);
      if (general !== null) setFailure(t('configure.info.messages.failed', { message: general }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<InfoValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void onFinish()}
      disabled={saving}
      style={{ maxWidth: 880 }}
      data-testid="info-form"
    >
      {failure !== null ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="info-failure"
        />
      ) : null}
      <Form.Item
        name="name"
        label={t('configure.info.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('configure.info.validation.nameRequired') },
          tooLong(INFO_BOUNDS.name),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('configure.info.fields.description')}
        rules={[tooLong(INFO_BOUNDS.description)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="group" label={t('configure.info.fields.group')} rules={[tooLong(INFO_BOUNDS.group)]}>
        <AutoComplete
          options={groupOptions}
          allowClear
          placeholder={t('configure.info.placeholders.group')}
          filterOption={(input, option) =>
            typeof option?.value === 'string' && option.value.toLowerCase().includes(input.toLowerCase())
          }
        />
      </Form.Item>

      <Divider titlePlacement="start">{t('configure.info.sections.appearance')}</Divider>
      <Form.Item name="image" label={t('configure.info.fields.image')} rules={[tooLong(INFO_BOUNDS.image)]}>
        <ImageField box={EQUIPMENT_PICTURE_BOX} />
      </Form.Item>
      <Form.Item
        name="webBackground"
        label={t('configure.info.fields.webBackground')}
        rules={[tooLong(INFO_BOUNDS.image)]}
      >
        <ImageField />
      </Form.Item>
      <Form.Item
        name="background"
        label={t('pictures.fields.background')}
        rules={[tooLong(INFO_BOUNDS.image)]}
      >
        <ImageField purpose="background" />
      </Form.Item>
      <Typography.Title level={5}>{t('configure.info.sections.colors')}</Typography.Title>
      <ColorsFields />

      {camera ? (
        <>
          <Divider titlePlacement="start">{t('configure.info.sections.camera')}</Divider>
          <Form.Item
            name="cameraPassword"
            label={t('configure.info.fields.cameraPassword')}
            extra={t('configure.info.notes.cameraPassword')}
            rules={[tooLong(INFO_BOUNDS.cameraPassword)]}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={t('configure.info.placeholders.cameraPassword')}
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
        </>
      ) : null}

      {location ? (
        <>
          <Divider titlePlacement="start">{t('configure.info.sections.location')}</Divider>
          <LocationFields unreadable={unreadableGps(record, initial)} />
        </>
      ) : null}

      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
          {t('configure.info.actions.save')}
        </Button>
        <Button disabled={!dirty || saving} onClick={restore}>
          {t('configure.info.actions.reset')}
        </Button>
        {!dirty ? (
          <Typography.Text type="secondary">{t('configure.info.notes.unchanged')}</Typography.Text>
        ) : null}
      </Space>
    </Form>
  );
}
