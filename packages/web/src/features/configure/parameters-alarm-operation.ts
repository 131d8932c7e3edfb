/**
 * An analog input's alarm operation (fAlarmOpr, settings.ai.alarmOperations): what the channel's
 * alarm should do to the device's outputs. The specification names the field and nothing more; the
 * project's records write it 'close 1' (close DO1). So an item is empty (nothing), or
 * 'open <n>' / 'close <n>' with n an output counted from 1. Text in any other form, written by
 * another client, is kept as it is and offered as it stands.
 */

export type AlarmOperation =
  | { readonly kind: 'none' }
  | { readonly kind: 'open' | 'close'; readonly output: number }
  | { readonly kind: 'other'; readonly text: string };

const FORM = /^(open|close)\s+(\d{1,2})$/i;

export function parseAlarmOperation(text: string): AlarmOperation {
  const s = text.trim();
  if (s === '') return { kind: 'none' };
  const m = FORM.exec(s);
  const output = m ? Number(m[2]) : 0;
  if (!m || output < 1 || output > 32) return { kind: 'other', text: s };
  return { kind: m[1]!.toLowerCase() as 'open' | 'close', output };
}

export function formatAlarmOperation(op: AlarmOperation): string {
  switch (op.kind) {
    case 'none':
      return '';
    case 'other':
      return op.text;
    default:
      return `${op.kind} ${op.output}`;
  }
}

/**
 * The operations offered for a device with `doCount` outputs: nothing, then open and close of each
 * output; `current` is added when it is text in another form, or names an output past the count.
 */
export function alarmOperationChoices(doCount: number, current: string): AlarmOperation[] {
  const choices: AlarmOperation[] = [{ kind: 'none' }];
  for (let n = 1; n <= doCount; n++) {
    choices.push({ kind: 'open', output: n }, { kind: 'close', output: n });
  }
  const op = parseAlarmOperation(current);
  if (op.kind === 'other' || (op.kind !== 'none' && op.output > doCount)) choices.push(op);
  return choices;
}
