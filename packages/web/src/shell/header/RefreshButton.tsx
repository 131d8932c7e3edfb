import { ReloadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { refreshView } from '../views/refresh';
import HeaderButton from './HeaderButton';

/** §9: the refresh icon turns for 1000 ms; clicks meanwhile are ignored. */
export const REFRESH_DELAY_MS = 1000;

export default function RefreshButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spinning]);
  return (
    <HeaderButton
      label={t('shell.header.refresh')}
      icon={<ReloadOutlined spin={spinning} />}
      onClick={() => {
        if (spinning) return;
        setSpinning(true);
        refreshView(pathname, search, (to, options) => void navigate(to, options));
      }}
    />
  );
}
