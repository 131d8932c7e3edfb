/**
 * Editing a 3D project's scene: the scene drawn with the draft's bindings live (a mesh picked by
 * a click in it, outlined), its file chosen or uploaded, the mesh list with a filter, the chosen
 * mesh's bindings, every binding with a warning for those whose mesh is missing, and saving with
 * the revision read (a conflict is said, with the saved version offered).
 */
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { diagramEquipment } from '@fieldlink/protocol';
import { Alert, App, Button, Empty, Flex, Tag } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramWithDocument } from '../../../api/diagrams';
import { useDiagramValues } from '../../../diagrams';
import { LazySceneView, sceneLoader } from '../../../diagrams/scene';
import type { SceneObject } from '../../../diagrams/scene';
import { diagramErrorReason } from '../errors';
import BindingsSummary from './BindingsSummary';
import MeshBindings from './MeshBindings';
import MeshList from './MeshList';
import SceneFilePanel from './SceneFilePanel';
import { viewFallback } from './scene-fallback';
import { useReadKeeping } from '../use-read-keeping';
import { completeBindings, NEW_RULE } from './use-scene-draft';
import type { DraftBinding, SceneDraftState } from './use-scene-draft';

function Problem({ state }: { readonly state: SceneDraftState }) {
  const { t } = useTranslation();
  const { problem } = state;
  if (!problem) return null;
  if (problem.kind === 'conflict') {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="scene-conflict"
        title={t('diagramScene.editor.conflict')}
        action={
          <Button size="small" onClick={() => void state.reload()}>
            {t('diagramScene.editor.reload')}
          </Button>
        }
      />
    );
  }
  const text =
    problem.kind === 'incomplete'
      ? t('diagramScene.editor.incomplete', { names: problem.names.join(', ') })
      : problem.kind === 'invalid'
        ? t('diagramScene.editor.invalid', { problems: problem.problems.join('; ') })
        : t('diagramScene.editor.saveFailed', { reason: diagramErrorReason(problem.error, t) });
  return <Alert type="error" showIcon data-testid="scene-save-problem" title={text} />;
}

export default function SceneEditor({
  project,
  state,
}: {
  readonly project: DiagramWithDocument;
  readonly state: SceneDraftState;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { draft, preview, change } = state;
  const [objects, setObjects] = useState<readonly SceneObject[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const values = useDiagramValues(preview);
  const equipment = useMemo(() => diagramEquipment(preview), [preview]);
  useReadKeeping(equipment);
  const load = useMemo(() => (draft.src ? sceneLoader(draft.src) : null), [draft.src]);
  const shown = useMemo(() => completeBindings(draft), [draft]);
  const bound = useMemo(() => new Set(draft.bindings.map((b) => b.target)), [draft.bindings]);

  const setBinding = useCallback(
    (index: number, next: DraftBinding) =>
      change((d) => ({ ...d, bindings: d.bindings.map((b, i) => (i === index ? next : b)) })),
    [change],
  );
  const removeBinding = useCallback(
    (index: number) => change((d) => ({ ...d, bindings: d.bindings.filter((_, i) => i !== index) })),
    [change],
  );
  const addBinding = useCallback(
    (target: string) =>
      change((d) => ({ ...d, bindings: [...d.bindings, { target, binding: null, rule: NEW_RULE }] })),
    [change],
  );
  const save = async () => {
    if (await state.save()) void message.success(t('diagramScene.editor.saved'));
  };

  return (
    <Flex vertical gap={12} data-testid="scene-editor">
      <Flex gap={8} align="center" wrap>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={state.saving}
          disabled={!state.dirty}
          onClick={() => void save()}
        >
          {t('diagramScene.editor.save')}
        </Button>
        <Button icon={<UndoOutlined />} disabled={!state.dirty || state.saving} onClick={state.discard}>
          {t('diagramScene.editor.discard')}
        </Button>
        {state.dirty && (
          <Tag color="orange" data-testid="scene-unsaved">
            {t('diagramScene.editor.unsaved')}
          </Tag>
        )}
      </Flex>
      <Problem state={state} />
      <Flex gap={16} wrap align="flex-start">
        <div style={{ flex: '1 1 480px', minWidth: 300 }}>
          {load ? (
            <Suspense fallback={viewFallback}>
              <LazySceneView
                load={load}
                bindings={shown}
                values={values}
                picking
                selected={selected}
                onPick={setSelected}
                onObjects={setObjects}
                label={project.name}
                height="70vh"
              />
            </Suspense>
          ) : (
            <Empty data-testid="scene-empty" description={t('diagramScene.editor.file.none')} />
          )}
        </div>
        <Flex vertical gap={12} style={{ flex: '0 1 420px', minWidth: 300 }}>
          <SceneFilePanel
            projectId={project.id}
            src={draft.src}
            onChoose={(src) => change((d) => ({ ...d, src }))}
          />
          <MeshList objects={objects} bound={bound} selected={selected} onSelect={setSelected} />
          <MeshBindings
            target={selected}
            bindings={draft.bindings}
            onChange={setBinding}
            onRemove={removeBinding}
            onAdd={addBinding}
          />
          <BindingsSummary
            bindings={draft.bindings}
            objects={load ? objects : null}
            onSelect={setSelected}
            onRemove={removeBinding}
          />
        </Flex>
      </Flex>
    </Flex>
  );
}
