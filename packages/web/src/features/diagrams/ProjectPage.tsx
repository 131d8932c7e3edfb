/**
 * /jujuda/jujudaHandle/:id (spec §2 jujudaHandle): one project, live or being edited. Live: what
 * its document holds (canvas, widgets, the devices it draws) and the diagram drawn live, operable
 * with the user's rights. Edit: the diagram editor. A 3D project shows its scene, live or with its
 * editing tools. Everyone who can open a project may edit it (the server keeps projects per user
 * or tenant space and lets any member save, docs/api.md § Diagrams); leaving Edit with unsaved
 * changes asks first.
 */
import { ArrowLeftOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { diagramKey, getDiagram } from '../../api/diagrams';
import type { DiagramProject, DiagramWithDocument } from '../../api/diagrams';
import { useDirectory } from '../../equipment/directory';
import type { DiagramDocument } from '@fieldlink/protocol';
import { confirmDiscard } from '../configure/unsaved';
import DiagramLive from './DiagramLive';
import DiagramEditor from './editor/DiagramEditor';
import { diagramErrorReason } from './errors';
import ProjectLinksButton from './links/ProjectLinksButton';
import { KindTag, useModelName } from './ProjectCard';
import SceneProject from './scene/SceneProject';
import { useFullScreenFrame } from './use-full-screen-frame';

export const PROJECTS_PATH = '/jujuda';

/** The project's name, kind and model, a way back to the list, and room for the page's own buttons. */
export function ProjectHeader({
  project,
  extra,
}: {
  readonly project: DiagramProject;
  readonly extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const model = useModelName(project.equipType);
  return (
    <Flex align="center" gap={12} wrap data-testid="diagram-header">
      <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PROJECTS_PATH)}>
        {t('diagrams.projects.page.back')}
      </Button>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {project.name}
      </Typography.Title>
      <KindTag kind={project.kind} />
      {model !== null ? <Tag>{model}</Tag> : null}
      {extra ? (
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}

function DocumentFacts({ project }: { readonly project: DiagramWithDocument }) {
  const { t } = useTranslation();
  const entries = useDirectory((d) => d.entries);
  const { document, equipment: devices } = project;
  return (
    <Descriptions size="small" column={1} bordered data-testid="diagram-facts">
      <Descriptions.Item label={t('diagrams.projects.page.canvas')}>
        {t('diagrams.projects.page.canvasSize', {
          width: document.canvas.width,
          height: document.canvas.height,
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('diagrams.projects.page.widgets')}>
        {document.widgets.length}
      </Descriptions.Item>
      <Descriptions.Item label={t('diagrams.projects.page.devices')}>
        {devices.length === 0 ? (
          t('diagrams.projects.page.noDevices')
        ) : (
          <Flex wrap gap={4}>
            {devices.map((id) => (
              <Tag key={id}>{entries[id]?.name ?? t('diagrams.projects.page.unknownDevice', { id })}</Tag>
            ))}
          </Flex>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

type Mode = 'live' | 'edit';

/** Live or Edit; leaving Edit with unsaved changes asks first. */
function ModeSwitch({ mode, onChange }: { readonly mode: Mode; readonly onChange: (mode: Mode) => void }) {
  const { t } = useTranslation();
  const choose = (next: Mode): void => {
    if (next === mode) return;
    if (mode === 'edit') void confirmDiscard().then((discard) => discard && onChange(next));
    else onChange(next);
  };
  return (
    <Segmented<Mode>
      aria-label={t('diagramEditor.modes.label')}
      value={mode}
      onChange={choose}
      data-testid="diagram-mode"
      options={[
        { value: 'live', label: t('diagramEditor.modes.live'), icon: <EyeOutlined /> },
        { value: 'edit', label: t('diagramEditor.modes.edit'), icon: <EditOutlined /> },
      ]}
    />
  );
}

export default function ProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const project = useQuery({ queryKey: diagramKey(id), queryFn: ({ signal }) => getDiagram(id, signal) });
  const [mode, setMode] = useState<Mode>('live');
  const fullScreen = useFullScreenFrame();

  if (project.isPending) return <Skeleton active />;
  if (project.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('diagrams.projects.page.loadFailed', { reason: diagramErrorReason(project.error, t) })}
        action={
          <Button size="small" onClick={() => void navigate(PROJECTS_PATH)}>
            {t('diagrams.projects.page.back')}
          </Button>
        }
      />
    );
  const data = project.data;
  const header = (
    <ProjectHeader
      project={data}
      extra={
        <>
          <ModeSwitch mode={mode} onChange={setMode} />
          <ProjectLinksButton projectId={data.id} />
        </>
      }
    />
  );
  if (data.kind === '3d') {
    return (
      <Flex vertical gap={16} data-page="DiagramProjectPage">
        {header}
        {data.remarks ? <Typography.Paragraph type="secondary">{data.remarks}</Typography.Paragraph> : null}
        <SceneProject project={data} editing={mode === 'edit'} />
      </Flex>
    );
  }
  if (mode === 'edit') {
    return (
      <Flex vertical gap={12} data-page="DiagramProjectPage">
        {header}
        <DiagramEditor project={data} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16} data-page="DiagramProjectPage">
      {header}
      {data.remarks ? <Typography.Paragraph type="secondary">{data.remarks}</Typography.Paragraph> : null}
      <DocumentFacts project={data} />
      <Card
        size="small"
        title={t('diagrams.projects.page.liveView')}
        extra={fullScreen.button}
        data-testid="diagram-live-view"
        styles={{ body: { minHeight: 240 } }}
      >
        <div ref={fullScreen.frame} className="diagram-full-screen-frame">
          {fullScreen.active ? <div className="diagram-full-screen-bar">{fullScreen.button}</div> : null}
          {/* The reply is the contract's document, held read-only; the view only reads it. */}
          <DiagramLive document={data.document as DiagramDocument} />
        </div>
      </Card>
    </Flex>
  );
}
