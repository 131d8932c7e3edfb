/**
 * A device's files at the end of its info tab: whoever may read the device sees and downloads
 * them; the edit right adds uploading and deleting (the listing's `writable`). Folded until opened,
 * so showing a device's info does not also list its files. From here they can also be copied to
 * another device the user may edit.
 */
import { equipmentSpace } from '@fieldlink/protocol';
import { Button, Collapse } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CopyFilesDialog from './CopyFilesDialog';
import FileManager from './FileManager';

export default function EquipmentFilesCard({ equipmentId }: { readonly equipmentId: number }) {
  const { t } = useTranslation();
  const [copying, setCopying] = useState(false);
  return (
    <>
      <Collapse
        data-testid="equipment-files"
        items={[
          {
            key: 'files',
            label: t('files.equipmentTitle'),
            children: (
              <FileManager
                space={equipmentSpace(equipmentId)}
                extra={<Button onClick={() => setCopying(true)}>{t('files.copy.button')}</Button>}
              />
            ),
          },
        ]}
      />
      {copying && <CopyFilesDialog equipmentId={equipmentId} onClose={() => setCopying(false)} />}
    </>
  );
}
