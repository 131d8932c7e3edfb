/**
 * What the Parameters tab's channel tables share: the draft they edit, and the columns of a text
 * list of the draft (a name, a unit, a scaling point, a limit) as fields.
 */
import { TextField, useFieldLabel } from './channel-fields';
import type { ChannelColumn } from './channel-fields';
import type { FieldErrors } from './channel-rules';
import { fieldId } from './channel-rules';
import type { ParametersDraft } from './parameters-model';

export type ParametersKind = 'do' | 'di' | 'ai' | 'ao';

export type SetItem = (kind: ParametersKind, list: string, index: number, value: string | boolean) => void;

/** The draft of the Parameters tab and what edits it, as each kind's table receives it. */
export interface ParametersContext {
  readonly draft: ParametersDraft;
  readonly errors: FieldErrors;
  readonly editable: boolean;
  readonly setItem: SetItem;
}

/** Names and units are typed as words; the other lists hold numbers. */
const WORD_LISTS: ReadonlySet<string> = new Set(['names', 'units']);

function textAt(draft: ParametersDraft, kind: ParametersKind, list: string, index: number): string {
  const value = (draft[kind] as Record<string, readonly (string | boolean)[] | undefined>)[list]?.[index];
  return typeof value === 'string' ? value : '';
}

/**
 * Columns of `kind`'s text lists: `column('units', title, width)` is a column headed `title` whose
 * cells edit each channel's item of the list (shown as text without the edit right).
 */
export function useTextColumns(
  kind: ParametersKind,
  { draft, errors, editable, setItem }: ParametersContext,
): (list: string, title: string, width?: number) => ChannelColumn {
  const fieldLabel = useFieldLabel();
  return (list, title, width = 58) => ({
    key: list,
    title,
    cell: (i, passage) => (
      <TextField
        field={fieldId(kind, list, i)}
        label={fieldLabel(passage, title)}
        value={textAt(draft, kind, list, i)}
        width={width}
        inputMode={WORD_LISTS.has(list) ? 'text' : 'decimal'}
        placeholder={list === 'names' ? passage : undefined}
        errors={errors}
        editable={editable}
        onChange={(v) => setItem(kind, list, i, v)}
      />
    ),
  });
}
