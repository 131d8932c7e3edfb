/** /403: the signed-in user's level does not reach the page. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-page="ForbiddenPage"
      status="403"
      title={t('shell.errors.forbiddenTitle')}
      subTitle={t('shell.errors.forbidden')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('shell.errors.backHome')}
        </Button>
      }
    />
  );
}
