/**
 * /setting/personalCenter (reached from the avatar menu): profile, password, phone and e-mail
 * binding, alarm sound, quiet hours, system parameters and language. Every change is saved through
 * the API and the reply becomes the session's user record, so the rest of the console sees it at
 * once.
 */
import { Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../session/me';
import CamerasPanel from '../cameras/CamerasPanel';
import PersonalFilesTab from '../files/PersonalFilesTab';
import EmailAlarmsPanel from '../notices/EmailAlarmsPanel';
import AlarmSoundForm from './AlarmSoundForm';
import BindingPanel from './BindingPanel';
import LanguagePanel from './LanguagePanel';
import PasswordForm from './PasswordForm';
import ProfilePanel from './ProfilePanel';
import QuietHoursForm from './QuietHoursForm';
import SystemParamsForm from './SystemParamsForm';
import TimeZonePanel from './TimeZonePanel';

export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const me = useMe((s) => s.me);
  if (!me) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;

  return (
    <Card title={t('account.title')}>
      <Tabs
        items={[
          { key: 'profile', label: t('account.tabs.profile'), children: <ProfilePanel me={me} /> },
          { key: 'password', label: t('account.tabs.password'), children: <PasswordForm /> },
          { key: 'binding', label: t('account.tabs.binding'), children: <BindingPanel me={me} /> },
          {
            key: 'alarm',
            label: t('account.tabs.alarm'),
            children: <AlarmSoundForm alarm={me.param.alarm} />,
          },
          {
            key: 'quietHours',
            label: t('account.tabs.quietHours'),
            children: <QuietHoursForm param={me.param} />,
          },
          {
            key: 'alarmMail',
            label: t('notices.settings.title'),
            children: <EmailAlarmsPanel me={me} />,
          },
          {
            key: 'systemParams',
            label: t('account.systemParams.tab'),
            children: <SystemParamsForm param={me.param} />,
          },
          {
            key: 'language',
            label: t('account.tabs.language'),
            children: (
              <>
                <LanguagePanel />
                <TimeZonePanel me={me} />
              </>
            ),
          },
          { key: 'cameras', label: t('cameras.center.tab'), children: <CamerasPanel me={me} /> },
          { key: 'files', label: t('files.tab'), children: <PersonalFilesTab /> },
        ]}
      />
    </Card>
  );
}
