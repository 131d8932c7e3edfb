/**
 * `/wall?link=<token>`: a diagram shared read-only for a wall display (docs/console.md § Diagrams).
 * Sign-in free and without the shell: the whole window, no scrolling, the diagram fitted to it,
 * its values live from the link's stream, a small status corner; nothing is operable. A link that
 * was revoked, has expired, whose diagram was deleted, or that never existed shows a clear page.
 */
import { DIAGRAM_LINK_TOKEN_PATTERN } from '@fieldlink/protocol';
import type { DiagramDocument } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageParams } from '../../../shell/views/page-params';
import { getWallDiagram, wallRefusal, wallSceneLoader } from '../../../api/diagram-links';
import type { WallDiagram } from '../../../api/diagram-links';
import { DiagramView } from '../../../diagrams';
import type { DiagramValues } from '../../../diagrams';
import { LazySceneView } from '../../../diagrams/scene';
import { describeError } from '../../auth/errors';
import { useWallStream } from './use-wall-stream';
import { wallValuesBuilder } from './wall-values';
import type { ReadingWords } from './wall-values';
import WallGone from './WallGone';
import WallStatus from './WallStatus';
import './wall.css';

/** The page does not scroll while it is shown, whatever the console's own styles say. */
function useNoScroll(): void {
  useEffect(() => {
    const elements = [document.documentElement, document.body];
    const before = elements.map((e) => e.style.overflow);
    for (const e of elements) e.style.overflow = 'hidden';
    return () => elements.forEach((e, i) => (e.style.overflow = before[i] ?? ''));
  }, []);
}

/** A 3D project's scene: its file read through the link's token. */
function WallScene({
  token,
  diagram,
  values,
}: {
  readonly token: string;
  readonly diagram: WallDiagram;
  readonly values: DiagramValues;
}) {
  const { t } = useTranslation();
  const src = diagram.document.scene?.src ?? '';
  const load = useMemo(() => wallSceneLoader(token), [token]);
  if (src === '') {
    return (
      <div className="wall-message" data-testid="wall-no-scene">
        <Result status="info" title={diagram.name} subTitle={t('diagramLinks.wall.noScene')} />
      </div>
    );
  }
  return (
    <Suspense fallback={<Spin size="large" />}>
      <LazySceneView
        load={load}
        bindings={diagram.document.scene?.bindings ?? []}
        values={values}
        height="100vh"
        label={diagram.name}
      />
    </Suspense>
  );
}

function WallDisplay({ token }: { readonly token: string }) {
  const { t, i18n } = useTranslation();
  const diagram = useQuery({
    queryKey: ['wall', token],
    queryFn: ({ signal }) => getWallDiagram(token, signal),
    // A link that is gone stays gone; other failures are tried again.
    retry: (count, error) => wallRefusal(error) === null && count < 3,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const stream = useWallStream(token, { onDocument: () => void diagram.refetch() });
  useNoScroll();
  const words = useMemo<ReadingWords>(
    () => ({ on: t('diagrams.view.on'), off: t('diagrams.view.off') }),
    // The words follow the language.
    [t, i18n.language],
  );
  const build = useMemo(() => wallValuesBuilder(), []);
  const values = useMemo(() => build(stream.held, words), [build, stream.held, words]);

  const refusal = stream.gone ?? (diagram.isError ? wallRefusal(diagram.error) : null);
  if (refusal !== null) return <WallGone reason={refusal} />;
  if (!diagram.data) {
    if (diagram.isError) {
      return (
        <div className="wall-message" data-testid="wall-failed">
          <Result
            status="warning"
            title={t('diagramLinks.wall.failed', { reason: describeError(diagram.error, t) })}
            extra={<Button onClick={() => void diagram.refetch()}>{t('diagramLinks.wall.retry')}</Button>}
          />
        </div>
      );
    }
    return (
      <div className="wall-message">
        <Spin size="large" aria-label={t('diagramLinks.wall.loading')} />
      </div>
    );
  }
  const { document: drawing, kind, name } = diagram.data;
  const scene = kind === '3d' ? <WallScene token={token} diagram={diagram.data} values={values} /> : null;
  return (
    <div
      className="wall-page"
      data-testid="wall-page"
      style={{ background: drawing.canvas.background.color }}
    >
      {scene ?? (
        // The reply is the contract's document, held read-only; the view only reads it.
        <DiagramView document={drawing as DiagramDocument} values={values} interactive={false} label={name} />
      )}
      <WallStatus connection={stream.connection} updatedAt={stream.updatedAt} />
    </div>
  );
}

export default function WallPage() {
  const [params] = usePageParams();
  const token = params.get('link') ?? '';
  if (!DIAGRAM_LINK_TOKEN_PATTERN.test(token)) return <WallGone reason="missing" />;
  return <WallDisplay key={token} token={token} />;
}
