/** The console language, saved to the account so it follows the user to other browsers. */
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../i18n';
import { chooseLanguage } from '../../session/language';
import { LANGUAGE_NAMES } from '../auth/languages';

export default function LanguagePanel() {
  const { t, i18n } = useTranslation();
  return (
    <Form layout="vertical">
      <Form.Item label={t('account.language.label')}>
        <Radio.Group
          optionType="button"
          value={isLanguage(i18n.language) ? i18n.language : 'zh'}
          options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          onChange={(e) => {
            const lang: unknown = e.target.value;
            if (isLanguage(lang)) void chooseLanguage(lang);
          }}
        />
      </Form.Item>
    </Form>
  );
}
