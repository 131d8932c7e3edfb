/**
 * One project of the list: its cover (or preview) picture, else a drawn placeholder; name,
 * remarks, kind, product model, devices drawn and last change; and what can be done to it.
 */
import {
  ApartmentOutlined,
  CodeSandboxOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderOpenOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramKind, DiagramProject } from '../../api/diagrams';
import { useTimeFormat } from '../../time/zone';
import { useDirectory } from '../../equipment/directory';
import { isLanguage } from '../../i18n';

const COVER_HEIGHT = 150;

export function KindTag({ kind }: { readonly kind: DiagramKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={kind === '3d' ? 'purple' : 'blue'} data-testid="diagram-kind">
      {t(kind === '3d' ? 'diagrams.projects.kinds.3d' : 'diagrams.projects.kinds.svg')}
    </Tag>
  );
}

/** The product model's name in the user's language, or its catalogue key when not listed. */
export function useModelName(equipType: string | null): string | null {
  const { i18n } = useTranslation();
  const type = useDirectory((d) => (equipType === null ? undefined : d.types[equipType]));
  if (equipType === null) return null;
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  return type ? type.names[lang] : equipType;
}

function Cover({ project, onOpen }: { readonly project: DiagramProject; readonly onOpen: () => void }) {
  const { t } = useTranslation();
  const src = project.cover || project.preview;
  const [broken, setBroken] = useState<string | null>(null);
  const Icon = project.kind === '3d' ? CodeSandboxOutlined : ApartmentOutlined;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('diagrams.projects.actionOf.open', { name: project.name })}
      style={{
        display: 'block',
        width: '100%',
        height: COVER_HEIGHT,
        padding: 0,
        border: 0,
        cursor: 'pointer',
      }}
    >
      {src && broken !== src ? (
        <img
          src={src}
          alt={project.name}
          loading="lazy"
          onError={() => setBroken(src)}
          style={{ width: '100%', height: COVER_HEIGHT, objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          data-testid="diagram-placeholder"
          style={{
            height: COVER_HEIGHT,
            // A faint drawing grid, as the editor's canvas shows.
            backgroundColor: '#f5f8ff',
            backgroundImage:
              'linear-gradient(#e6ecf7 1px, transparent 1px), linear-gradient(90deg, #e6ecf7 1px, transparent 1px)',
            backgroundSize: '16px 16px',
          }}
        >
          <Icon style={{ fontSize: 48, color: '#91a7d0' }} aria-hidden />
        </Flex>
      )}
    </button>
  );
}

function Action({
  label,
  icon,
  onClick,
}: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick?: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

export default function ProjectCard({
  project,
  onOpen,
  onEdit,
  onCopy,
  onExport,
  onDelete,
}: {
  readonly project: DiagramProject;
  readonly onOpen: () => void;
  readonly onEdit: () => void;
  readonly onCopy: () => void;
  readonly onExport: () => void;
  readonly onDelete: () => void;
}) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const model = useModelName(project.equipType);
  const name = project.name;
  return (
    <Card
      size="small"
      data-testid={`diagram-${project.id}`}
      cover={<Cover project={project} onOpen={onOpen} />}
      actions={[
        <Action
          key="open"
          label={t('diagrams.projects.actionOf.open', { name })}
          icon={<FolderOpenOutlined />}
          onClick={onOpen}
        />,
        <Action
          key="edit"
          label={t('diagrams.projects.actionOf.edit', { name })}
          icon={<EditOutlined />}
          onClick={onEdit}
        />,
        <Action
          key="copy"
          label={t('diagrams.projects.actionOf.copy', { name })}
          icon={<CopyOutlined />}
          onClick={onCopy}
        />,
        <Action
          key="export"
          label={t('diagrams.projects.actionOf.export', { name })}
          icon={<DownloadOutlined />}
          onClick={onExport}
        />,
        <Popconfirm
          key="delete"
          title={t('diagrams.projects.confirmDelete.title', { name })}
          description={t('diagrams.projects.confirmDelete.description')}
          okText={t('diagrams.projects.confirmDelete.ok')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('diagrams.projects.actionOf.delete', { name })}
          />
        </Popconfirm>,
      ]}
    >
      <Typography.Text strong ellipsis={{ tooltip: name }} style={{ display: 'block' }}>
        {name}
      </Typography.Text>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2 }}
        style={{ minHeight: 44, marginBottom: 8 }}
        data-testid="diagram-remarks"
      >
        {project.remarks || t('diagrams.projects.card.noRemarks')}
      </Typography.Paragraph>
      <Flex wrap gap={4} align="center">
        <KindTag kind={project.kind} />
        {model !== null ? <Tag>{model}</Tag> : null}
        <Typography.Text type="secondary">
          {t('diagrams.projects.card.devices', { n: project.equipment.length })}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('diagrams.projects.card.updated', { at: time.format(project.updatedAt) })}
      </Typography.Text>
    </Card>
  );
}
