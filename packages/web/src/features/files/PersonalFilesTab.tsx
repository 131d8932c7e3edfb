/**
 * The personal center's Files tab: the user's own files, and by a switch the platform's files
 * (`admin`), which only administrators may change (the listing says so: `writable`).
 */
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileManager from './FileManager';

type PersonalSpace = 'me' | 'admin';

export default function PersonalFilesTab() {
  const { t } = useTranslation();
  const [space, setSpace] = useState<PersonalSpace>('me');
  return (
    <FileManager
      space={space}
      extra={
        <Segmented<PersonalSpace>
          aria-label={t('files.spaceSwitch')}
          value={space}
          onChange={setSpace}
          options={[
            { value: 'me', label: t('files.spaces.me') },
            { value: 'admin', label: t('files.spaces.admin') },
          ]}
        />
      }
    />
  );
}
