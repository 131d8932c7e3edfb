/** How the users page names an authority level: its §2 group and its number, "Gold (6)". */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { groupOf } from './user-form';

export function useAuthorityName(): (level: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (level: number) => {
      const group = groupOf(level);
      return group ? `${t(`account.levels.${group}`)} (${level})` : String(level);
    },
    [t],
  );
}
