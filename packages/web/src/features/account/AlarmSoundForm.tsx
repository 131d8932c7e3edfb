/** The alarm sound of live alarm notifications: how long it plays (alarm type 0-5) and which tone. */
import { Button, Form, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmChoice } from '../../session/me';
import { ALARM_SOUND_COUNT, ALARM_TYPES } from './settings';
import { useSaveMe } from './useSaveMe';

export default function AlarmSoundForm({ alarm }: { alarm: AlarmChoice }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveMe();
  const [form] = Form.useForm<AlarmChoice>();
  const repeat = Form.useWatch('repeat', form);
  useEffect(() => form.setFieldsValue(alarm), [alarm, form]);

  return (
    <Form<AlarmChoice>
      form={form}
      layout="vertical"
      initialValues={alarm}
      onFinish={(values) => void save({ param: { alarm: values } })}
      style={{ maxWidth: 520 }}
    >
      <Form.Item name="repeat" label={t('account.alarm.type')}>
        <Radio.Group
          optionType="button"
          options={ALARM_TYPES.map((a) => ({ value: a.type, label: t(`account.alarm.types.${a.key}`) }))}
        />
      </Form.Item>
      <Form.Item name="sound" label={t('account.alarm.sound')}>
        <Select
          aria-label={t('account.alarm.sound')}
          disabled={repeat === 0}
          style={{ width: 200 }}
          options={Array.from({ length: ALARM_SOUND_COUNT }, (_, n) => ({
            value: n,
            label: t('account.alarm.soundName', { n: n + 1 }),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('account.actions.save')}
      </Button>
    </Form>
  );
}
