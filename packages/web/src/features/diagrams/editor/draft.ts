/**
 * The document the editor holds: the diagram document (docs/protocol.md § Diagram documents) with
 * one freedom the stored format refuses, a widget that is not bound yet (`binding: null`): a new
 * switch has no channel until the user picks one. Saving checks the draft with the protocol's own
 * `parseDiagramDocument`, so what the editor accepts is exactly what the server accepts, and turns
 * its problems into lines naming the widget they belong to.
 */
import { parseDiagramDocument } from '@fieldlink/protocol';
import type { Binding, DiagramDocument, Widget, WidgetKind } from '@fieldlink/protocol';

type Unbound<W> = W extends { binding: Binding } ? Omit<W, 'binding'> & { binding: Binding | null } : W;

/** A widget of the draft: as stored, except that a binding may still be missing. */
export type DraftWidget = Unbound<Widget>;
export type DraftOf<K extends WidgetKind> = Extract<DraftWidget, { kind: K }>;

export type DraftDocument = Omit<DiagramDocument, 'widgets'> & { readonly widgets: readonly DraftWidget[] };

/** The frame's fields every widget has. */
export type Frame = Pick<
  DraftWidget,
  'id' | 'x' | 'y' | 'width' | 'height' | 'rotation' | 'layer' | 'locked' | 'hidden'
>;

/**
 * What the view draws for an unbound widget: an equipment no one has (ids start at 1), so it
 * draws greyed with '—', as a widget of equipment the user cannot see.
 */
export const UNBOUND: Binding = { equipmentId: 0, channel: null };

export function isUnbound(widget: DraftWidget): boolean {
  return 'binding' in widget && widget.binding === null;
}

/** The draft as the view draws it (unbound widgets bound to UNBOUND). */
export function viewDocument(draft: DraftDocument): DiagramDocument {
  return {
    ...draft,
    widgets: draft.widgets.map(
      (w): Widget => ('binding' in w && w.binding === null ? { ...w, binding: UNBOUND } : w) as Widget,
    ),
  };
}

/** One thing that keeps the draft from being saved; `widgetId` when it is a widget's. */
export interface DraftProblem {
  readonly widgetId: string | null;
  /** The widget's kind, to name it. */
  readonly kind: WidgetKind | null;
  /** Not bound to a channel yet (said in the user's language). */
  readonly unbound: boolean;
  /** Otherwise the format's own words (`binding: bind it to a DO channel`). */
  readonly text: string;
}

export type DraftCheck =
  | { readonly ok: true; readonly document: DiagramDocument }
  | { readonly ok: false; readonly problems: readonly DraftProblem[] };

const WIDGET_PATH = /^widgets\.(\d+)(?:\.(.*))?: (.*)$/;

/**
 * The document to save, or what is wrong with the draft: unbound widgets first (in document
 * order), then the format's problems, each on the widget its path names.
 */
export function checkDraft(draft: DraftDocument): DraftCheck {
  const unbound = draft.widgets.filter(isUnbound);
  const parsed = parseDiagramDocument(draft);
  if (parsed.ok && unbound.length === 0) return { ok: true, document: parsed.document };
  const problems: DraftProblem[] = unbound.map((w) => ({
    widgetId: w.id,
    kind: w.kind,
    unbound: true,
    text: '',
  }));
  const bad = new Set(unbound.map((w) => w.id));
  for (const line of parsed.ok ? [] : parsed.problems) {
    const match = WIDGET_PATH.exec(line);
    const widget = match ? draft.widgets[Number(match[1])] : undefined;
    if (!widget) {
      problems.push({ widgetId: null, kind: null, unbound: false, text: line });
      continue;
    }
    const rest = match?.[2] ?? '';
    // An unbound widget's binding problem is already said, in the user's language.
    if (bad.has(widget.id) && rest.startsWith('binding')) continue;
    problems.push({
      widgetId: widget.id,
      kind: widget.kind,
      unbound: false,
      text: `${rest === '' ? '' : `${rest}: `}${match?.[3] ?? ''}`,
    });
  }
  return { ok: false, problems };
}
