/** Any unknown route (§2): the page does not exist, with a return-home button. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-page="NotFoundPage"
      status="404"
      title={t('shell.errors.notFoundTitle')}
      subTitle={t('shell.errors.notFound')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('shell.errors.backHome')}
        </Button>
      }
    />
  );
}
