/**
 * A 3D project's scene as edited: the file and the mesh bindings held as a draft until saved with
 * the revision they were read at (docs/api.md § Diagrams: 409 when someone saved in between —
 * the user is told and offered the saved version), marked unsaved for the console's leave guard.
 */
import { parseDiagramDocument } from '@fieldlink/protocol';
import type { Binding, DiagramDocument, ElementRule } from '@fieldlink/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { diagramKey, getDiagram, saveDiagramDocument } from '../../../api/diagrams';
import type { DiagramWithDocument } from '../../../api/diagrams';
import { ApiError } from '../../../api/http';
import { DEFAULT_ON } from '../../../diagrams/scene';
import { useUnsavedChanges } from '../../configure/unsaved';

/** A mesh binding as edited: its channel may not be chosen yet. */
export interface DraftBinding {
  readonly target: string;
  readonly binding: Binding | null;
  readonly rule: ElementRule;
}

export interface SceneDraft {
  readonly src: string;
  readonly bindings: readonly DraftBinding[];
}

/** A new binding's rule: the mesh turns green while its channel is on, keeps its colour when off. */
export const NEW_RULE: ElementRule = { property: 'color', on: DEFAULT_ON, threshold: 0, decimals: 1 };

/** The properties a mesh follows its channel by. */
export const MESH_PROPERTIES = ['color', 'visibility', 'label'] as const;
export type MeshProperty = (typeof MESH_PROPERTIES)[number];

/** A rule's property as a mesh shows it (an SVG rule's fill/stroke colour it, its text labels it). */
export const meshProperty = (property: ElementRule['property']): MeshProperty =>
  property === 'visibility' ? 'visibility' : property === 'label' || property === 'text' ? 'label' : 'color';

type Document = DiagramWithDocument['document'];

export function draftOf(document: Document): SceneDraft {
  return { src: document.scene?.src ?? '', bindings: document.scene?.bindings ?? [] };
}

/** The bindings whose channel is chosen: what the view can show and the document can hold. */
export function completeBindings(draft: SceneDraft) {
  return draft.bindings.flatMap((b) =>
    b.binding?.channel ? [{ target: b.target, binding: b.binding, rule: b.rule }] : [],
  );
}

/** The document with the draft as its scene (none when there is neither file nor binding). */
export function documentWith(document: Document, draft: SceneDraft): DiagramDocument {
  const bindings = completeBindings(draft);
  // The reply is the contract's document, held read-only; a copy with a new scene is sent.
  const base = document as DiagramDocument;
  return { ...base, scene: draft.src || bindings.length > 0 ? { src: draft.src, bindings } : null };
}

/** JSON with object keys sorted: two drafts alike whatever order their fields were set in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sameDraft = (a: SceneDraft, b: SceneDraft): boolean => canonical(a) === canonical(b);

export type SaveProblem =
  | { readonly kind: 'incomplete'; readonly names: readonly string[] }
  | { readonly kind: 'invalid'; readonly problems: readonly string[] }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface SceneDraftState {
  readonly draft: SceneDraft;
  /** The saved document with the draft as its scene (its bindings with a channel): for the preview. */
  readonly preview: DiagramDocument;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly problem: SaveProblem | null;
  readonly change: (update: (draft: SceneDraft) => SceneDraft) => void;
  /** Saves; true when it was saved. */
  readonly save: () => Promise<boolean>;
  readonly discard: () => void;
  /** Reads the saved project again and edits it from there (after a conflict). */
  readonly reload: () => Promise<void>;
}

interface Base {
  readonly revision: number;
  readonly document: Document;
}

export function useSceneDraft(project: DiagramWithDocument): SceneDraftState {
  const client = useQueryClient();
  const [base, setBase] = useState<Base>({ revision: project.revision, document: project.document });
  const saved = useMemo(() => draftOf(base.document), [base]);
  const [draft, setDraft] = useState<SceneDraft>(saved);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const dirty = !sameDraft(draft, saved);
  const preview = useMemo(() => documentWith(base.document, draft), [base, draft]);

  const adopt = useCallback((next: Base) => {
    setBase(next);
    setDraft(draftOf(next.document));
    setProblem(null);
  }, []);
  const discard = useCallback(() => {
    setDraft(draftOf(base.document));
    setProblem(null);
  }, [base]);
  useUnsavedChanges(dirty, discard);

  // A newer project from the page (saved elsewhere and read again) is taken while nothing is unsaved.
  useEffect(() => {
    if (project.revision > base.revision && !dirty) {
      adopt({ revision: project.revision, document: project.document });
    }
  }, [project, base.revision, dirty, adopt]);

  const change = useCallback((update: (draft: SceneDraft) => SceneDraft) => {
    setDraft(update);
    setProblem((before) => (before?.kind === 'conflict' ? before : null));
  }, []);

  const save = async (): Promise<boolean> => {
    const incomplete = draft.bindings.filter((b) => !b.binding?.channel).map((b) => b.target);
    if (incomplete.length > 0) {
      setProblem({ kind: 'incomplete', names: [...new Set(incomplete)] });
      return false;
    }
    const checked = parseDiagramDocument(documentWith(base.document, draft));
    if (!checked.ok) {
      setProblem({ kind: 'invalid', problems: checked.problems });
      return false;
    }
    setSaving(true);
    setProblem(null);
    try {
      const stored = checked.document;
      const reply = await saveDiagramDocument(project.id, { revision: base.revision, document: stored });
      // The draft stays: a change made while the save was under way is still unsaved.
      setBase({ revision: reply.revision, document: stored });
      client.setQueryData<DiagramWithDocument>(diagramKey(project.id), (old) =>
        old
          ? {
              ...old,
              revision: reply.revision,
              updatedAt: reply.updatedAt,
              equipment: reply.equipment,
              document: stored,
            }
          : old,
      );
      return true;
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 409 ? { kind: 'conflict' } : { kind: 'failed', error },
      );
      return false;
    } finally {
      setSaving(false);
    }
  };

  const reload = async (): Promise<void> => {
    try {
      const fresh = await getDiagram(project.id);
      client.setQueryData(diagramKey(project.id), fresh);
      adopt({ revision: fresh.revision, document: fresh.document });
    } catch (error) {
      setProblem({ kind: 'failed', error });
    }
  };

  return { draft, preview, dirty, saving, problem, change, save, discard, reload };
}
