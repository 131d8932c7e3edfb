/**
 * What the Parameters and UI tabs share: a draft of the record's settings that follows the record
 * while it holds no changes (a save or a refresh elsewhere brings a new record), is marked unsaved
 * while it does, and the save itself (PATCH, the reply kept, the server's refusal shown).
 */
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import type { SettingsInput } from '@fieldlink/protocol';
import { describeError } from '../auth/errors';
import { saveEquipment } from './save';
import { useUnsavedChanges } from './unsaved';

export interface ChannelDraft<D> {
  readonly draft: D;
  readonly setDraft: (update: (draft: D) => D) => void;
  readonly dirty: boolean;
  /** The draft of `to` (the record after a save), or of the record shown. */
  readonly reset: (to?: Equipment) => void;
}

export function useChannelDraft<D>(
  record: Equipment,
  fromRecord: (record: Equipment) => D,
  same: (a: D, b: D) => boolean,
): ChannelDraft<D> {
  const [base, setBase] = useState(record);
  const [draft, setDraftState] = useState(() => fromRecord(record));
  const baseDraft = useMemo(() => fromRecord(base), [base, fromRecord]);
  const dirty = !same(draft, baseDraft);
  if (record !== base) {
    // A new record (saved here, or refreshed): a form without changes shows it; one with changes
    // keeps them and now compares with it.
    setBase(record);
    if (!dirty) setDraftState(fromRecord(record));
  }
  useUnsavedChanges(dirty);
  return {
    draft,
    setDraft: (update) => setDraftState(update),
    dirty,
    reset: (to = record) => {
      setBase(to);
      setDraftState(fromRecord(to));
    },
  };
}

/** PATCH of the settings; on success the draft becomes the saved record's. */
export function useSaveSettings(
  record: Equipment,
  reset: (to: Equipment) => void,
): {
  readonly saving: boolean;
  readonly saveError: string | null;
  readonly save: (settings: SettingsInput) => Promise<void>;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = async (settings: SettingsInput): Promise<void> => {
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await saveEquipment(record.id, { settings });
      reset(saved);
      void message.success(t('configure.parameters.saved'));
    } catch (error) {
      setSaveError(describeError(error, t));
    } finally {
      setSaving(false);
    }
  };
  return { saving, saveError, save };
}
