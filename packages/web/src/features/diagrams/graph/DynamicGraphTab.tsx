/**
 * The device view's "Dynamic graph" tab (spec §2 equipment detail areas): the diagram project
 * linked to the equipment — fBKImg item 13 for an SVG project, item 14 for a 3D one (a project id;
 * docs/protocol.md § fBKImg) — drawn live with the same operations as the project's own page.
 * A project of another space (the equipment's owner's, for a user it is shared with) is not
 * theirs to open, and an older console's address cannot be drawn: each says so plainly. Whoever
 * may edit the equipment's display links or unlinks a project here.
 */
import { linkedDiagrams } from '@fieldlink/protocol';
import type { DiagramDocument, DiagramKind, LinkedDiagram } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diagramKey, getDiagram } from '../../../api/diagrams';
import type { Equipment } from '../../../api/equipment';
import { ApiError } from '../../../api/http';
import DiagramLive from '../DiagramLive';
import { diagramErrorReason } from '../errors';
import SceneProject from '../scene/SceneProject';
import GraphLinker from './GraphLinker';

const KINDS: readonly DiagramKind[] = ['svg', '3d'];

function LinkedProject({ projectId }: { readonly projectId: string }) {
  const { t } = useTranslation();
  const project = useQuery({
    queryKey: diagramKey(projectId),
    queryFn: ({ signal }) => getDiagram(projectId, signal),
    // Another space's project answers 404: no use asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (project.isPending) return <Skeleton active />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return (
        <Alert
          type="info"
          showIcon
          data-testid="graph-other-space"
          title={t('diagramLinks.graph.otherSpace')}
        />
      );
    }
    return (
      <Alert
        type="error"
        showIcon
        title={t('diagramLinks.graph.loadFailed', { reason: diagramErrorReason(project.error, t) })}
      />
    );
  }
  const data = project.data;
  return (
    <Flex vertical gap={8} data-testid="graph-project" data-project={data.id} data-kind={data.kind}>
      <Typography.Text strong>{data.name}</Typography.Text>
      {data.kind === '3d' ? (
        // The 3D project's own live view (the scene, its meshes following their channels).
        <SceneProject project={data} editing={false} />
      ) : (
        // The reply is the contract's document, held read-only; the view only reads it.
        <DiagramLive document={data.document as DiagramDocument} />
      )}
    </Flex>
  );
}

function LinkedGraph({ linked }: { readonly linked: LinkedDiagram }) {
  const { t } = useTranslation();
  if (linked.kind === 'address') {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="graph-legacy"
        title={t('diagramLinks.graph.legacy')}
        description={<Typography.Text code>{linked.address}</Typography.Text>}
      />
    );
  }
  return <LinkedProject projectId={linked.projectId} />;
}

export default function DynamicGraphTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const graphs = useMemo(() => linkedDiagrams(record.settings.background), [record.settings.background]);
  const present = KINDS.filter((kind) => graphs[kind] !== null);
  const [picked, setPicked] = useState<DiagramKind | null>(null);
  const kind = picked !== null && present.includes(picked) ? picked : (present[0] ?? null);
  const shown = kind === null ? null : graphs[kind];
  const mayLink = record.permission.edit;

  return (
    <Flex vertical gap={12} data-testid="dynamic-graph">
      {mayLink && <GraphLinker record={record} linked={present} />}
      {present.length > 1 && (
        <Segmented<DiagramKind>
          value={kind ?? 'svg'}
          onChange={setPicked}
          options={present.map((k) => ({ value: k, label: t(`diagramLinks.graph.kinds.${k}`) }))}
        />
      )}
      {shown === null || kind === null ? (
        <Empty
          data-testid="graph-none"
          description={mayLink ? t('diagramLinks.graph.noneOwner') : t('diagramLinks.graph.none')}
        />
      ) : (
        <LinkedGraph key={kind} linked={shown} />
      )}
    </Flex>
  );
}
