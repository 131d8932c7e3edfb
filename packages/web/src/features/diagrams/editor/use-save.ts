/**
 * Saving the editor's draft: checked first with the format's own rules (an unbound widget, or
 * anything else the server would refuse, is listed and the first such widget chosen), then sent
 * with the revision it was read at. Someone else's save since (409) asks the user: keep editing,
 * or discard the changes here and reload theirs. Once saved, the page's cached project follows
 * and a preview picture is made and stored; a preview that fails is a warning, the save stands.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import {
  diagramKey,
  diagramListKey,
  getDiagram,
  patchDiagram,
  saveDiagramDocument,
} from '../../../api/diagrams';
import type { DiagramWithDocument } from '../../../api/diagrams';
import { uploadFiles } from '../../../api/files';
import { ApiError } from '../../../api/http';
import { diagramErrorReason } from '../errors';
import { checkDraft } from './draft';
import type { DraftDocument } from './draft';
import type { EditorAction, EditorState } from './model';
import { renderPreview } from './preview';

/**
 * The preview's name in the project's own directory of the project file space (`<id>/`), replaced
 * on each save; deleting or copying the project takes it along with its other files.
 */
export const PREVIEW_NAME = 'preview.png';

interface Options {
  readonly project: DiagramWithDocument;
  readonly state: EditorState;
  readonly dispatch: Dispatch<EditorAction>;
  /** The drawing shown (DiagramView's SVG), for the preview. */
  readonly drawing: () => SVGSVGElement | null;
}

/** Makes the preview picture, stores it and points the project at it; its address. */
export async function storePreview(
  projectId: string,
  revision: number,
  drawing: SVGSVGElement,
): Promise<string> {
  const png = await renderPreview(drawing);
  const file = new File([png], PREVIEW_NAME, { type: 'image/png' });
  const stored = await uploadFiles('project', [file], { dir: projectId, replace: true, pictures: true });
  const url = stored.items[0]?.url;
  if (!url) throw new Error('the file store kept no picture');
  // Replacing keeps the address: the revision tells browsers the picture changed.
  const address = `${url}?v=${revision}`;
  await patchDiagram(projectId, { preview: address });
  return address;
}

export function useSave({ project, state, dispatch, drawing }: Options) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  /** Problems are shown from the first refused save until the draft has none. */
  const [showProblems, setShowProblems] = useState(false);
  const revision = useRef(project.revision);
  const latest = useRef(state);
  latest.current = state;
  const busy = useRef(false);

  const reload = useCallback(async () => {
    try {
      const fresh = await getDiagram(project.id);
      client.setQueryData(diagramKey(project.id), fresh);
      revision.current = fresh.revision;
      dispatch({ type: 'load', doc: fresh.document as DraftDocument });
      setShowProblems(false);
      void message.success(t('diagramEditor.save.reloaded'));
    } catch (error) {
      void message.error(t('diagramEditor.save.failed', { reason: diagramErrorReason(error, t) }));
    }
  }, [client, dispatch, message, project.id, t]);

  const conflict = useCallback(() => {
    modal.confirm({
      title: t('diagramEditor.save.conflictTitle'),
      content: t('diagramEditor.save.conflictText'),
      okText: t('diagramEditor.save.reload'),
      okButtonProps: { danger: true },
      cancelText: t('diagramEditor.save.keep'),
      onOk: reload,
    });
  }, [modal, reload, t]);

  const save = useCallback(async () => {
    if (busy.current) return;
    const sent = latest.current.doc;
    const check = checkDraft(sent);
    if (!check.ok) {
      setShowProblems(true);
      const first = check.problems.find((p) => p.widgetId !== null);
      if (first?.widgetId) dispatch({ type: 'select', ids: [first.widgetId] });
      void message.error(t('diagramEditor.save.problemsTitle'));
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const saved = await saveDiagramDocument(project.id, {
        revision: revision.current,
        document: check.document,
      });
      revision.current = saved.revision;
      dispatch({ type: 'saved', doc: sent });
      setShowProblems(false);
      client.setQueryData<DiagramWithDocument>(diagramKey(project.id), (old) =>
        old
          ? {
              ...old,
              document: check.document,
              revision: saved.revision,
              updatedAt: saved.updatedAt,
              equipment: saved.equipment,
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: diagramListKey });
      void message.success(t('diagramEditor.save.done'));
      const svg = drawing();
      if (svg) {
        storePreview(project.id, saved.revision, svg).then(
          (preview) => {
            client.setQueryData<DiagramWithDocument>(diagramKey(project.id), (old) =>
              old ? { ...old, preview } : old,
            );
            void client.invalidateQueries({ queryKey: diagramListKey });
          },
          (error: unknown) => {
            void message.warning(
              t('diagramEditor.save.previewFailed', { reason: diagramErrorReason(error, t) }),
            );
          },
        );
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) conflict();
      else void message.error(t('diagramEditor.save.failed', { reason: diagramErrorReason(error, t) }));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [client, conflict, dispatch, drawing, message, project.id, t]);

  return { save, saving, showProblems, hideProblems: () => setShowProblems(false) };
}
