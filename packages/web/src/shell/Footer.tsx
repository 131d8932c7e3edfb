import { useTranslation } from 'react-i18next';
import { useBranding } from '../branding/store';

export default function Footer() {
  const { t } = useTranslation();
  const title = useBranding((b) => b.appTitle);
  return (
    <footer className="fl-footer">
      {t('shell.footer.copyright', { year: new Date().getFullYear(), title })}
    </footer>
  );
}
