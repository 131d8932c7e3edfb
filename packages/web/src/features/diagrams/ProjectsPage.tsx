/**
 * /jujuda (spec §2 "configuration diagram management"): the project space's diagrams as cards,
 * searched by name; a new project, one imported from a file; each opened, edited, copied,
 * exported or deleted.
 */
import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Input, Row, Skeleton } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { diagramListKey, listDiagrams } from '../../api/diagrams';
import type { DiagramProject } from '../../api/diagrams';
import { diagramErrorReason } from './errors';
import ProjectCard from './ProjectCard';
import ProjectDialog, { projectPath } from './ProjectDialog';
import { useProjectActions } from './use-project-actions';

/** The dialog open: a new project (null) or the project edited. */
type Editing = { readonly project: DiagramProject | null } | null;

export default function ProjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: diagramListKey, queryFn: ({ signal }) => listDiagrams(signal) });
  const actions = useProjectActions();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const wanted = search.trim().toLocaleLowerCase();
  const shown = useMemo(
    () => (list.data ?? []).filter((p) => wanted === '' || p.name.toLocaleLowerCase().includes(wanted)),
    [list.data, wanted],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) must fire a change again.
    event.target.value = '';
    if (!file) return;
    setImporting(true);
    try {
      await actions.importFile(file);
    } finally {
      setImporting(false);
    }
  };

  const open = (project: DiagramProject) => void navigate(projectPath(project.id));
  const create = () => setEditing({ project: null });
  const chooseFile = () => fileInput.current?.click();

  const body = (() => {
    if (list.isPending) return <Skeleton active />;
    if (list.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('diagrams.projects.errors.load', { reason: diagramErrorReason(list.error, t) })}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('diagrams.projects.retry')}
            </Button>
          }
        />
      );
    if (list.data.length === 0)
      return (
        <Empty description={t('diagrams.projects.empty.hint')} data-testid="diagrams-empty">
          <Flex gap={8} justify="center">
            <Button type="primary" icon={<PlusOutlined />} onClick={create}>
              {t('diagrams.projects.empty.start')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={chooseFile} loading={importing}>
              {t('diagrams.projects.empty.import')}
            </Button>
          </Flex>
        </Empty>
      );
    if (shown.length === 0)
      return <Empty description={t('diagrams.projects.empty.noMatch', { text: search.trim() })} />;
    return (
      <Row gutter={[16, 16]} data-testid="diagram-grid">
        {shown.map((project) => (
          <Col key={project.id} xs={24} sm={12} md={8} xl={6}>
            <ProjectCard
              project={project}
              onOpen={() => open(project)}
              onEdit={() => setEditing({ project })}
              onCopy={() => void actions.copy(project)}
              onExport={() => void actions.exportFile(project)}
              onDelete={() => void actions.remove(project)}
            />
          </Col>
        ))}
      </Row>
    );
  })();

  return (
    <Card
      title={t('diagrams.projects.title')}
      data-page="DiagramProjectsPage"
      extra={
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('diagrams.projects.search')}
            aria-label={t('diagrams.projects.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 220 }}
          />
          <Button icon={<ImportOutlined />} onClick={chooseFile} loading={importing}>
            {t('diagrams.projects.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('diagrams.projects.new')}
          </Button>
        </Flex>
      }
    >
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="diagram-import-file"
        onChange={(event) => void onFile(event)}
      />
      {body}
      {editing ? <ProjectDialog project={editing.project} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
