/**
 * What the Parameters and UI tabs share: a draft of the record's settings that follows the record
 * while it holds no changes (a save or a refresh elsewhere brings a new record), is marked unsaved
 * while it does, its check against the rules, the right to edit it, and the save itself (PATCH of
 * what changed, the reply kept, the server's refusal shown).
 */
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import type { SettingsInput } from '@fieldlink/protocol';
import { canConfigure } from '../../equipment/rights';
import { describeError } from '../auth/errors';
import type { FieldErrors } from './channel-rules';
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

/** How a tab turns a record into its draft and back. */
export interface ChannelModel<D> {
  readonly fromRecord: (record: Equipment) => D;
  readonly same: (a: D, b: D) => boolean;
  /** The draft's errors by field; a stable function (useCallback), as the errors are kept for it. */
  readonly validate: (draft: D) => FieldErrors;
  /** The PATCH settings of what the valid draft changes, null when nothing. */
  readonly changes: (draft: D, record: Equipment) => SettingsInput | null;
}

export interface ChannelForm<D> extends ChannelDraft<D> {
  /** Whether the user holds the right to change the record's settings (§4 level 3). */
  readonly editable: boolean;
  readonly errors: FieldErrors;
  readonly saving: boolean;
  readonly saveError: string | null;
  /** Saves what changed; with errors only says to fix them, with no change shows the record. */
  readonly submit: () => void;
}

export function useChannelForm<D>(record: Equipment, model: ChannelModel<D>): ChannelForm<D> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permission = record.permission;
  const form = useChannelDraft(record, model.fromRecord, model.same);
  const { saving, saveError, save } = useSaveSettings(record, form.reset);
  const { validate } = model;
  const errors = useMemo(() => validate(form.draft), [form.draft, validate]);
  const submit = (): void => {
    if (Object.keys(errors).length > 0) {
      void message.error(t('configure.parameters.fixErrors'));
      return;
    }
    const changes = model.changes(form.draft, record);
    if (changes === null) {
      form.reset();
      return;
    }
    void save(changes);
  };
  return { ...form, editable: canConfigure(permission), errors, saving, saveError, submit };
}
