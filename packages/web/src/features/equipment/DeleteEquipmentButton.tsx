/**
 * Deleting a device (the delete right on it and the account's DELETE ability, the page's
 * `deleteEquipment` point), with a confirmation naming it and its sub-devices.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { usePoint } from '../../routes/points';
import DeleteEquipmentModal from './DeleteEquipmentModal';

export default function DeleteEquipmentButton({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mayDelete = usePoint('deleteEquipment');
  // The store's rights are the record's once it is read (the tree's level stands in before).
  const permission = record.permission;
  if (!permission.delete || !mayDelete) return null;
  return (
    <>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={() => setOpen(true)}
        data-testid="delete-equipment-button"
      >
        {t('equipment.delete.button')}
      </Button>
      <DeleteEquipmentModal record={record} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
