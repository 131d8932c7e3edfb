/** The checks of a sub-device's name, the same where one is added and where one is renamed. */
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { INFO_BOUNDS } from '../configure/info-values';

/** Required (not only spaces) and within the server's bound, with the sub-devices' messages. */
export function useSubDeviceNameRules(): FormRule[] {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('equipment.subDevices.validation.nameRequired') },
    { max: INFO_BOUNDS.name, message: t('equipment.subDevices.validation.nameTooLong') },
  ];
}
