import { describe, expect, it } from 'vitest';
import { checkDraft, UNBOUND, viewDocument } from './draft';
import { draft, lamp } from './test-fixtures';

describe('the editor’s draft', () => {
  it('saves a valid draft as the format parses it', () => {
    const check = checkDraft(draft([lamp('a', 0, 0)]));
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.document.widgets[0]).toMatchObject({ id: 'a', kind: 'lamp' });
  });

  it('names unbound widgets first, then the format’s problems on the widget their path names', () => {
    const check = checkDraft(
      draft([
        lamp('ok', 0, 0),
        lamp('wrong', 0, 0, { binding: { equipmentId: 4, channel: { kind: 'ai', index: 1 } } }),
        lamp('loose', 0, 0, { binding: null }),
      ]),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toEqual([
      { widgetId: 'loose', kind: 'lamp', unbound: true, text: '' },
      { widgetId: 'wrong', kind: 'lamp', unbound: false, text: 'binding: bind it to a DO or DI channel' },
    ]);
    // Once the widgets are well formed, the document's own rules.
    const twice = checkDraft(draft([lamp('ok', 0, 0), lamp('ok', 10, 0)]));
    expect(twice).toEqual({
      ok: false,
      problems: [{ widgetId: 'ok', kind: 'lamp', unbound: false, text: 'id: widget id ok is used twice' }],
    });
  });

  it('says problems of the canvas without a widget', () => {
    const doc = draft([]);
    const check = checkDraft({ ...doc, canvas: { ...doc.canvas, width: 50 } });
    expect(check).toMatchObject({ ok: false, problems: [{ widgetId: null, unbound: false }] });
    if (!check.ok) expect(check.problems[0]?.text).toMatch(/^canvas\.width: /);
  });

  it('draws unbound widgets as bound to no one’s equipment', () => {
    const view = viewDocument(draft([lamp('a', 0, 0, { binding: null }), lamp('b', 0, 0)]));
    expect(view.widgets.map((w) => ('binding' in w ? w.binding : null))).toEqual([
      UNBOUND,
      { equipmentId: 4, channel: { kind: 'do', index: 1 } },
    ]);
  });
});
