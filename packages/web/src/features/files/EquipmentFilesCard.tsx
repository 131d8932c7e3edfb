/**
 * A device's files at the end of its info tab: whoever may read the device sees and downloads
 * them; the edit right adds uploading and deleting (the listing's `writable`). Folded until opened,
 * so showing a device's info does not also list its files.
 */
import { equipmentSpace } from '@fieldlink/protocol';
import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import FileManager from './FileManager';

export default function EquipmentFilesCard({ equipmentId }: { readonly equipmentId: number }) {
  const { t } = useTranslation();
  return (
    <Collapse
      data-testid="equipment-files"
      items={[
        {
          key: 'files',
          label: t('files.equipmentTitle'),
          children: <FileManager space={equipmentSpace(equipmentId)} />,
        },
      ]}
    />
  );
}
