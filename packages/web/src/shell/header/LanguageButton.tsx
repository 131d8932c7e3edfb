import { TranslationOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../i18n';
import { chooseLanguage } from '../../session/language';
import HeaderButton from './HeaderButton';

export default function LanguageButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`common.languages.${lang}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void chooseLanguage(key);
        },
      }}
    >
      <span>
        <HeaderButton label={t('shell.header.language')} icon={<TranslationOutlined />} menuOpen={open} />
      </span>
    </Dropdown>
  );
}
