/**
 * The machinery of a link setting's card (Modbus TCP address, slave address, clock sync): a form
 * whose values come from the record, dirty while they differ from it (and then guarded against
 * leaving, `useUnsavedChanges`), following a record changed elsewhere unless it holds edits, and
 * a send that PATCHes the change, shows the reply's values and a success message, and puts the
 * server's refusal on the fields (`showOnFields`) or, for the rest, above the form.
 */
import type { FormInstance } from 'antd';
import { App, Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment, EquipmentChanges } from '../../api/equipment';
import type { MessageKey } from '../../i18n';
import type { FieldName } from './info-errors';
import { showOnFields } from './info-errors';
import { saveEquipment } from './save';
import { useUnsavedChanges } from './unsaved';

export interface LinkSettingFormOptions<V extends object> {
  readonly record: Equipment;
  /** The form's values for a record. */
  readonly valuesOf: (record: Equipment) => V;
  /** What each field reads with nothing entered (a field the form has not reported yet). */
  readonly blank: V;
  /** The form's field for a path the server names in a 400 (`slaveAddress`), or null. */
  readonly fieldOf: (path: string) => FieldName | null;
  /** The message of a failure that belongs to no field; `{{message}}` is the server's text. */
  readonly failed: MessageKey;
}

export interface LinkSettingForm<V extends object> {
  readonly form: FormInstance<V>;
  /** The record's values: the form's initial values. */
  readonly initial: V;
  /** Whether the form holds values the record does not. */
  readonly dirty: boolean;
  readonly saving: boolean;
  /** A failure that belongs to no field, in the user's language; null when none. */
  readonly failure: string | null;
  /** PATCHes `changes`; on success shows the reply's values and the message `saved`. */
  readonly send: (changes: EquipmentChanges, saved: MessageKey) => Promise<void>;
}

/** Every value the form holds (a stable selector: `Form.useWatch` re-subscribes on a new one). */
const everything = <V>(values: V): V => values;

export function useLinkSettingForm<V extends object>({
  record,
  valuesOf,
  blank,
  fieldOf,
  failed,
}: LinkSettingFormOptions<V>): LinkSettingForm<V> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // valuesOf is the caller's constant: the record alone decides the values.
  const initial = useMemo(() => valuesOf(record), [record, valuesOf]);
  const watched = Form.useWatch(everything<Partial<V>>, form) as Partial<V> | undefined;
  const keys = Object.keys(initial) as (keyof V)[];
  // A field not reported yet reads as the record's.
  const dirty = keys.some((k) => {
    const value = watched?.[k];
    return (value === undefined ? initial[k] : value) !== initial[k];
  });
  // A record changed elsewhere shows at once, unless this form holds edits.
  const shown = useRef(initial);
  useUnsavedChanges(dirty, () =>
    form.setFieldsValue(shown.current as Parameters<typeof form.setFieldsValue>[0]),
  );
  useEffect(() => {
    const before = shown.current;
    shown.current = initial;
    if (before === initial) return;
    const held = form.getFieldsValue(true) as Partial<V>;
    if (
      Object.keys(before).every((k) => (held[k as keyof V] ?? blank[k as keyof V]) === before[k as keyof V])
    ) {
      form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [initial, form, blank]);

  const send = async (changes: EquipmentChanges, saved: MessageKey): Promise<void> => {
    setSaving(true);
    setFailure(null);
    try {
      const reply = await saveEquipment(record.id, changes);
      form.setFieldsValue(valuesOf(reply) as Parameters<typeof form.setFieldsValue>[0]);
      void message.success(t(saved));
    } catch (error) {
      const general = showOnFields(form, error, fieldOf);
      if (general !== null) setFailure(t(failed, { message: general }));
    } finally {
      setSaving(false);
    }
  };

  return { form, initial, dirty, saving, failure, send };
}

/**
 * A field rule checking the value with the contract's own schema (`SlaveAddress`, the Modbus TCP
 * host or port): nothing entered is the `required` rule's to say, anything else that the schema
 * refuses fails with `message`.
 */
export function schemaRule(
  schema: { readonly safeParse: (value: unknown) => { readonly success: boolean } },
  message: string,
): { readonly validator: (rule: unknown, value: unknown) => Promise<void> } {
  return {
    validator: async (_, value) => {
      if (value === null || value === undefined) return;
      if (typeof value === 'string' && value.trim() === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}
