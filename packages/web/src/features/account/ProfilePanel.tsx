/**
 * Who the user is (name, id, level, phone, e-mail, registration) and the one free field, the city:
 * the area the header's weather is for (a place the weather service offers, or text).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authorityGroups } from '../../routes/access';
import type { Me } from '../../session/me';
import AreaField from '../weather/AreaField';
import { WEATHER_QUERY_KEY } from '../weather/useWeather';
import { useSaveMe } from './useSaveMe';
import { useTimeFormat } from '../../time/zone';

export const CITY_MAX = 64;

export default function ProfilePanel({ me }: { me: Me }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { save, saving } = useSaveMe();
  const [form] = Form.useForm<{ city: string }>();
  useEffect(() => form.setFieldsValue({ city: me.city ?? '' }), [me.city, form]);
  const group = authorityGroups(me.authority).at(-1);
  const none = t('account.profile.none');
  const queries = useQueryClient();
  const language = me.language;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        bordered
        size="small"
        items={[
          { key: 'userName', label: t('account.profile.userName'), children: me.userName },
          { key: 'id', label: t('account.profile.id'), children: me.id },
          {
            key: 'level',
            label: t('account.profile.level'),
            children: group ? `${t(`account.levels.${group}`)} (${me.authority})` : me.authority,
          },
          {
            key: 'registeredAt',
            label: t('account.profile.registeredAt'),
            children: time.format(me.registeredAt),
          },
          { key: 'phone', label: t('account.profile.phone'), children: me.phone ?? none },
          { key: 'email', label: t('account.profile.email'), children: me.email ?? none },
        ]}
      />
      <Form<{ city: string }>
        form={form}
        layout="inline"
        initialValues={{ city: me.city ?? '' }}
        onFinish={({ city }) =>
          void save({ city: city.trim() === '' ? null : city.trim() }).then((saved) => {
            if (saved) void queries.invalidateQueries({ queryKey: WEATHER_QUERY_KEY });
          })
        }
      >
        <Form.Item name="city" label={t('account.profile.city')}>
          <AreaField maxLength={CITY_MAX} language={language} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('account.actions.save')}
        </Button>
      </Form>
    </Space>
  );
}
