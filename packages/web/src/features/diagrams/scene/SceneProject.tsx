/**
 * A 3D project's page body (docs/console.md § Diagrams, 3D projects): the scene live with its
 * bound meshes following their channels, or, while the page edits, the scene editor. The draft
 * lives here, so leaving the editor and coming back keeps what was not saved yet (the console's
 * leave guard asks before it is lost). three.js comes with the viewer, loaded on first use.
 */
import { diagramEquipment } from '@fieldlink/protocol';
import type { DiagramDocument } from '@fieldlink/protocol';
import { Empty } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramWithDocument } from '../../../api/diagrams';
import { useDiagramValues } from '../../../diagrams';
import { LazySceneView, sceneLoader } from '../../../diagrams/scene';
import { useEquipmentLoaded } from '../../../equipment/use-equipment';
import SceneEditor from './SceneEditor';
import { viewFallback } from './scene-fallback';
import { useReadKeeping } from '../use-read-keeping';
import { useSceneDraft } from './use-scene-draft';

export interface SceneProjectProps {
  readonly project: DiagramWithDocument;
  /** True: the editing tools; false: the live view only. */
  readonly editing: boolean;
}

function SceneLive({ project }: { readonly project: DiagramWithDocument }) {
  const { t } = useTranslation();
  // The reply is the contract's document, held read-only; the view only reads it.
  const document = project.document as DiagramDocument;
  const values = useDiagramValues(document);
  const equipment = useMemo(() => diagramEquipment(document), [document]);
  useReadKeeping(equipment);
  const src = document.scene?.src ?? '';
  const load = useMemo(() => sceneLoader(src), [src]);
  if (!src) return <Empty data-testid="scene-empty" description={t('diagramScene.view.noScene')} />;
  return (
    <Suspense fallback={viewFallback}>
      <LazySceneView
        load={load}
        bindings={document.scene?.bindings ?? []}
        values={values}
        label={project.name}
      />
    </Suspense>
  );
}

export default function SceneProject({ project, editing }: SceneProjectProps) {
  useEquipmentLoaded();
  const draft = useSceneDraft(project);
  return (
    <div data-testid="scene-project" data-editing={String(editing)}>
      {editing ? <SceneEditor project={project} state={draft} /> : <SceneLive project={project} />}
    </div>
  );
}
