/**
 * The diagram the user chose, drawn live by the diagrams' own live view (DiagramLive) with
 * nothing operable: a wall shows the plant, it does not switch it. 3D projects are not drawn here.
 */
import { useQuery } from '@tanstack/react-query';
import type { DiagramDocument } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import { diagramKey, getDiagram } from '../../api/diagrams';
import DiagramLive from '../diagrams/DiagramLive';
import { diagramErrorReason } from '../diagrams/errors';
import Panel, { PanelNote } from './Panel';
import type { PanelProps } from './Panel';

export default function DiagramPanel({
  diagramId,
  ...frame
}: Omit<PanelProps, 'children'> & { readonly diagramId: string | null }) {
  const { t } = useTranslation();
  const project = useQuery({
    queryKey: diagramKey(diagramId ?? ''),
    queryFn: ({ signal }) => getDiagram(diagramId ?? '', signal),
    enabled: diagramId !== null,
    staleTime: 60_000,
  });
  const name = project.data?.name;
  const title = name ? `${frame.title} · ${name}` : frame.title;
  let body;
  if (diagramId === null) body = <PanelNote>{t('bigScreen.diagram.none')}</PanelNote>;
  else if (project.isError)
    body = (
      <PanelNote tone="error">
        {t('bigScreen.diagram.failed', { reason: diagramErrorReason(project.error, t) })}
      </PanelNote>
    );
  else if (!project.data) body = null;
  else if (project.data.kind === '3d') body = <PanelNote>{t('bigScreen.diagram.threeD')}</PanelNote>;
  else
    body = (
      <div className="bs-diagram" data-testid="bs-diagram">
        {/* The reply is the contract's document, held read-only; the view only reads it. */}
        <DiagramLive document={project.data.document as DiagramDocument} interactive={false} />
      </div>
    );
  return (
    <Panel {...frame} title={title}>
      {body}
    </Panel>
  );
}
