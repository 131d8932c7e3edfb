/** An account without an operating role (§2): tell the user to contact the administrator. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../session/logout';

export default function NoRolePage() {
  const { t } = useTranslation();
  return (
    <Result
      data-page="NoRolePage"
      status="warning"
      title={t('shell.errors.noRoleTitle')}
      subTitle={t('shell.errors.noRole')}
      extra={<Button onClick={() => void logout()}>{t('shell.errors.signOut')}</Button>}
    />
  );
}
