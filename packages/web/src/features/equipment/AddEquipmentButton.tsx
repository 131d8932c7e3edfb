/**
 * The tree toolbar's way to /addEquips, for users the route is open to: their level reaches it
 * and they hold WRITE (the route table's access need).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeAllowed } from '../../routes/access';
import { useAccess } from '../../session/access';
import { useMe } from '../../session/me';

export const ADD_EQUIPMENT_PATH = '/addEquips';

export default function AddEquipmentButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const level = useMe((s) => s.me?.authority ?? -1);
  const access = useAccess();
  if (level < 0 || !routeAllowed(ADD_EQUIPMENT_PATH, { level, access })) return null;
  return (
    <Tooltip title={t('equipment.add.button')}>
      <Button
        icon={<PlusOutlined />}
        aria-label={t('equipment.add.button')}
        data-testid="add-equipment"
        onClick={() => void navigate(ADD_EQUIPMENT_PATH)}
      />
    </Tooltip>
  );
}
