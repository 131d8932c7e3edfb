/**
 * What the project list does to a project, each telling the user how it went (a message in their
 * language, with the server's words on failure) and reading the list anew after a change: copy,
 * export (the file saved under the server's name), import from a file, delete.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  copyDiagram,
  deleteDiagram,
  DIAGRAM_IMPORT_MAX_BYTES,
  diagramKey,
  diagramListKey,
  exportDiagram,
  importDiagram,
} from '../../api/diagrams';
import type { DiagramProject, DiagramWithDocument } from '../../api/diagrams';
import { saveFile } from '../history/export-stream';
import { diagramErrorReason } from './errors';

export type ImportRead =
  | { readonly ok: true; readonly json: unknown }
  | { readonly ok: false; readonly problem: 'tooLarge' | 'notJson' | 'unreadable' };

/** The JSON of a chosen file, or why it cannot be a diagram file (nothing is sent then). */
export async function readImportFile(file: Blob): Promise<ImportRead> {
  if (file.size > DIAGRAM_IMPORT_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: 'notJson' };
  }
}

export interface ProjectActions {
  readonly copy: (project: DiagramProject) => Promise<void>;
  readonly exportFile: (project: DiagramProject) => Promise<void>;
  readonly remove: (project: DiagramProject) => Promise<void>;
  /** Imports the file; the new project, or null when it was refused (the user was told why). */
  readonly importFile: (file: File) => Promise<DiagramWithDocument | null>;
}

export function useProjectActions(): ProjectActions {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const reread = () => client.invalidateQueries({ queryKey: diagramListKey });
  const failed = (key: 'copy' | 'export' | 'delete' | 'import', error: unknown) =>
    void message.error(t(`diagrams.projects.errors.${key}`, { reason: diagramErrorReason(error, t) }));

  return {
    copy: async (project) => {
      try {
        const made = await copyDiagram(project.id);
        void message.success(t('diagrams.projects.done.copied', { name: made.name }));
        await reread();
      } catch (error) {
        failed('copy', error);
      }
    },
    exportFile: async (project) => {
      try {
        const file = await exportDiagram(project.id);
        saveFile([file.blob], file.fileName, 'application/json');
        void message.success(t('diagrams.projects.done.exported', { file: file.fileName }));
      } catch (error) {
        failed('export', error);
      }
    },
    remove: async (project) => {
      try {
        await deleteDiagram(project.id);
        client.removeQueries({ queryKey: diagramKey(project.id) });
        void message.success(t('diagrams.projects.done.deleted', { name: project.name }));
      } catch (error) {
        failed('delete', error);
      } finally {
        // Gone already (404) or not: the list shows what is there.
        await reread();
      }
    },
    importFile: async (file) => {
      const read = await readImportFile(file);
      if (!read.ok) {
        const max = `${Math.floor(DIAGRAM_IMPORT_MAX_BYTES / (1024 * 1024))} MB`;
        void message.error(t(`diagrams.projects.errors.${read.problem}`, { name: file.name, max }));
        return null;
      }
      try {
        const made = await importDiagram(read.json);
        void message.success(t('diagrams.projects.done.imported', { name: made.name }));
        await reread();
        return made;
      } catch (error) {
        failed('import', error);
        return null;
      }
    },
  };
}
