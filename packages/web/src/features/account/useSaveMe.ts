/** Saving a change to the signed-in user's record: PATCH /me, then the reply becomes useMe's record. */
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateMe } from '../../api/me';
import type { MePatch } from '../../api/me';
import { useMe } from '../../session/me';
import { describeError } from '../auth/errors';

export function useSaveMe(): { save: (changes: MePatch) => Promise<boolean>; saving: boolean } {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const save = async (changes: MePatch): Promise<boolean> => {
    setSaving(true);
    try {
      useMe.getState().setMe(await updateMe(changes));
      void message.success(t('account.messages.saved'));
      return true;
    } catch (error) {
      void message.error(t('account.messages.saveFailed', { reason: describeError(error, t) }));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
