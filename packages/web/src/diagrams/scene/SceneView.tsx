/**
 * A 3D scene drawn live (docs/console.md § Diagrams, 3D projects): the file the loader gives,
 * parsed safely (load-scene.ts), in a canvas that follows its container's size, with orbit, zoom
 * and pan, a reset and a fit to the scene; the bound meshes coloured, shown or hidden and
 * labelled by their channels' values (looks.ts). With `picking` the mesh under the pointer is
 * outlined and a click picks it. A visually hidden list says each bound mesh's state (and where it
 * is on the canvas) for assistive technology and tests. When WebGL is missing or the file cannot
 * be read or opened, the reason is shown in place of the scene.
 *
 * This module pulls in three.js: import it through `LazySceneView` (index.ts), so three.js lands
 * in a chunk of its own that only 3D pages load.
 */
import { AimOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ElementBinding } from '@fieldlink/protocol';
import { Alert, Button, Spin, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramValues } from '../values';
import { parseScene } from './load-scene';
import { sceneLooks } from './looks';
import type { MeshState } from './looks';
import { disposeTree, SceneController } from './scene-controller';
import type { ScreenPoint } from './scene-controller';
import { sceneErrorReason } from './scene-errors';
import type { SceneObject } from './scene-objects';
import type { SceneLoader } from './source';
import './scene.css';

export interface SceneViewProps {
  /** Gives the scene file's bytes; a new loader reads the scene again. */
  readonly load: SceneLoader;
  readonly bindings: readonly Pick<ElementBinding, 'target' | 'binding' | 'rule'>[];
  readonly values: DiagramValues;
  /** Hover outlines the mesh under the pointer and a click picks it (the editor). */
  readonly picking?: boolean;
  /** The object outlined as chosen. */
  readonly selected?: string | null;
  readonly onPick?: (name: string | null) => void;
  /** The scene's named objects once it is open; null while it is not. */
  readonly onObjects?: (objects: readonly SceneObject[] | null) => void;
  /** CSS height of the view; '60vh' by default. */
  readonly height?: number | string;
  /** The drawing's accessible name; '3D scene' by default. */
  readonly label?: string;
}

type Status =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly stage: 'webgl' | 'read' | 'open'; readonly error: unknown };

const STATE_KEYS = {
  on: 'on',
  off: 'off',
  unknown: 'unknown',
  'no-equipment': 'noEquipment',
  'no-channel': 'noChannel',
} as const satisfies Record<MeshState, string>;

/** A pointer that moved less than this between press and release clicked (not dragged). */
const CLICK_SLOP_PX = 5;

const samePoints = (a: ReadonlyMap<string, ScreenPoint>, b: ReadonlyMap<string, ScreenPoint>): boolean =>
  a.size === b.size &&
  [...a].every(([name, p]) => {
    const q = b.get(name);
    return q !== undefined && Math.round(q.x) === Math.round(p.x) && Math.round(q.y) === Math.round(p.y);
  });

export default function SceneView({
  load,
  bindings,
  values,
  picking = false,
  selected = null,
  onPick,
  onObjects,
  height = '60vh',
  label,
}: SceneViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<SceneController | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [model, setModel] = useState(0);
  const [found, setFound] = useState<ReadonlySet<string>>(new Set());
  const [points, setPoints] = useState<ReadonlyMap<string, ScreenPoint>>(new Map());
  const [hovered, setHovered] = useState<string | null>(null);
  const reportObjects = useRef(onObjects);
  reportObjects.current = onObjects;

  // The renderer lives as long as the view, on a canvas of its own (a context given up with
  // forceContextLoss is not taken again), and is freed with everything it drew.
  useEffect(() => {
    const box = container.current;
    if (!box) return undefined;
    const element = document.createElement('canvas');
    element.className = 'fl-scene-canvas';
    element.setAttribute('role', 'img');
    box.prepend(element);
    let made: SceneController;
    try {
      made = new SceneController(element);
    } catch (error) {
      element.remove();
      setStatus({ kind: 'failed', stage: 'webgl', error });
      return undefined;
    }
    made.setSize(box.clientWidth, box.clientHeight);
    const observer = new ResizeObserver(() => made.setSize(box.clientWidth, box.clientHeight));
    observer.observe(box);
    setController(made);
    return () => {
      observer.disconnect();
      made.dispose();
      element.remove();
      setController(null);
    };
  }, []);

  const name = label ?? t('diagramScene.view.title');
  useEffect(() => {
    controller?.renderer.domElement.setAttribute('aria-label', name);
  }, [controller, name]);

  useEffect(() => {
    if (!controller) return undefined;
    let current = true;
    setStatus({ kind: 'loading' });
    reportObjects.current?.(null);
    void (async () => {
      let bytes: ArrayBuffer;
      try {
        bytes = await load();
      } catch (error) {
        if (current) setStatus({ kind: 'failed', stage: 'read', error });
        return;
      }
      if (!current) return;
      let root;
      try {
        root = await parseScene(bytes);
      } catch (error) {
        if (current) setStatus({ kind: 'failed', stage: 'open', error });
        return;
      }
      // A scene that arrives after the view moved on is freed, not shown.
      if (!current) {
        disposeTree(root);
        return;
      }
      const objects = controller.setModel(root);
      setModel((n) => n + 1);
      setStatus({ kind: 'ready' });
      reportObjects.current?.(objects);
    })();
    return () => {
      current = false;
    };
  }, [controller, load, attempt]);

  const looks = useMemo(() => sceneLooks(bindings, values), [bindings, values]);
  const ready = status.kind === 'ready';

  const measure = useCallback(() => {
    if (!controller) return;
    const next = new Map<string, ScreenPoint>();
    for (const name of looks.keys()) {
      const point = controller.screenPoint(name);
      if (point) next.set(name, point);
    }
    setPoints((before) => (samePoints(before, next) ? before : next));
  }, [controller, looks]);

  useEffect(() => {
    if (!controller || !ready) return;
    setFound(controller.applyLooks(looks));
    measure();
  }, [controller, ready, model, looks, measure]);

  useEffect(() => {
    if (!controller) return undefined;
    controller.onViewChange = measure;
    return () => {
      controller.onViewChange = null;
    };
  }, [controller, measure]);

  useEffect(() => {
    if (controller && ready) controller.outline('selected', selected);
  }, [controller, ready, model, selected]);

  useEffect(() => {
    if (controller && ready) controller.outline('hover', picking ? hovered : null);
  }, [controller, ready, model, picking, hovered]);

  const pressed = useRef<{ x: number; y: number } | null>(null);
  const hoverFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(hoverFrame.current), []);
  /** Where on the canvas the pointer is; null when it is over the toolbar or a message. */
  const offset = (event: PointerEvent<HTMLDivElement>) => {
    if (!controller || event.target !== controller.renderer.domElement) return null;
    const rect = controller.renderer.domElement.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!picking || !controller || !ready || event.buttons !== 0) return;
    const at = offset(event);
    if (!at) return;
    // One ray per frame, however fast the pointer moves.
    cancelAnimationFrame(hoverFrame.current);
    hoverFrame.current = requestAnimationFrame(() => setHovered(controller.pick(at.x, at.y)));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressed.current = event.button === 0 ? offset(event) : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = pressed.current;
    pressed.current = null;
    if (!picking || !controller || !ready || !from || event.button !== 0) return;
    const at = offset(event);
    if (!at || Math.hypot(at.x - from.x, at.y - from.y) > CLICK_SLOP_PX) return;
    onPick?.(controller.pick(at.x, at.y));
  };

  const failure =
    status.kind === 'failed'
      ? status.stage === 'webgl'
        ? t('diagramScene.view.noWebgl', {
            reason: status.error instanceof Error ? status.error.message : String(status.error),
          })
        : t(status.stage === 'read' ? 'diagramScene.view.readFailed' : 'diagramScene.view.openFailed', {
            reason: sceneErrorReason(status.error, t),
          })
      : null;

  return (
    <div
      ref={container}
      className="fl-scene"
      style={{ height }}
      data-testid="scene-view"
      data-status={status.kind}
      data-picking={String(picking)}
      data-hovering={String(picking && hovered !== null)}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHovered(null)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      {/* The canvas is put first in here by the renderer's effect. */}
      {ready && (
        <div className="fl-scene-toolbar">
          <Tooltip title={t('diagramScene.view.resetView')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('diagramScene.view.resetView')}
              onClick={() => controller?.reset()}
            />
          </Tooltip>
          <Tooltip title={t('diagramScene.view.fit')}>
            <Button
              size="small"
              icon={<AimOutlined />}
              aria-label={t('diagramScene.view.fit')}
              onClick={() => controller?.fit()}
            />
          </Tooltip>
        </div>
      )}
      {status.kind === 'loading' && (
        <div className="fl-scene-overlay">
          <Spin description={t('diagramScene.view.loading')}>
            <div style={{ width: 160, height: 48 }} />
          </Spin>
        </div>
      )}
      {failure !== null && (
        <div className="fl-scene-overlay" data-testid="scene-failure">
          <Alert
            type={status.kind === 'failed' && status.stage === 'webgl' ? 'warning' : 'error'}
            showIcon
            title={failure}
            action={
              status.kind === 'failed' && status.stage !== 'webgl' ? (
                <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
                  {t('diagramScene.view.retry')}
                </Button>
              ) : undefined
            }
          />
        </div>
      )}
      <ul
        className="fl-visually-hidden"
        data-testid="scene-bindings"
        aria-label={t('diagramScene.view.boundMeshes')}
      >
        {[...looks].map(([name, look]) => {
          const inScene = ready && found.has(name);
          const point = points.get(name);
          return (
            <li
              key={name}
              data-target={name}
              data-state={look.state}
              data-color={look.color ?? ''}
              data-visible={String(look.visible)}
              data-label={look.label ?? ''}
              data-in-scene={String(inScene)}
              data-x={point ? point.x.toFixed(1) : undefined}
              data-y={point ? point.y.toFixed(1) : undefined}
            >
              {ready && !inScene
                ? t('diagramScene.view.notInScene', { name })
                : t('diagramScene.view.meshState', {
                    name,
                    state: t(`diagramScene.view.states.${STATE_KEYS[look.state]}`),
                  })}
              {look.label !== null ? ` (${look.label})` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
