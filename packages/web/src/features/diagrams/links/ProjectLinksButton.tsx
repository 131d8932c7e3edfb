/**
 * The project page's button for its read-only links for wall displays (docs/console.md
 * § Diagrams): a dialog that makes a link (label, expiry) and shows its address once with a copy
 * button and a QR code, lists the links (never their addresses again) and revokes them.
 */
import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDiagramLink,
  diagramLinksKey,
  listDiagramLinks,
  revokeDiagramLink,
} from '../../../api/diagram-links';
import type { CreatedDiagramLink, DiagramLink, DiagramLinkCreate } from '../../../api/diagram-links';
import { diagramErrorReason } from '../errors';
import CreatedLink from './CreatedLink';
import CreateLinkForm from './CreateLinkForm';
import LinksTable from './LinksTable';

export interface ProjectLinksButtonProps {
  readonly projectId: string;
}

function LinksDialogBody({ projectId }: ProjectLinksButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedDiagramLink | null>(null);
  const list = useQuery({
    queryKey: diagramLinksKey(projectId),
    queryFn: ({ signal }) => listDiagramLinks(projectId, signal),
  });
  const reread = () => client.invalidateQueries({ queryKey: diagramLinksKey(projectId) });
  const create = useMutation({
    mutationFn: (link: DiagramLinkCreate) => createDiagramLink(projectId, link),
    onSuccess: async (link) => {
      setCreated(link);
      await reread();
    },
    onError: (error) =>
      void message.error(t('diagramLinks.dialog.createFailed', { reason: diagramErrorReason(error, t) })),
  });
  const revoke = async (link: DiagramLink) => {
    try {
      await revokeDiagramLink(projectId, link.id);
      void message.success(t('diagramLinks.dialog.revoked', { label: link.label }));
    } catch (error) {
      void message.error(t('diagramLinks.dialog.revokeFailed', { reason: diagramErrorReason(error, t) }));
    }
    await reread();
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('diagramLinks.dialog.intro')}
      </Typography.Paragraph>
      {created ? (
        <CreatedLink link={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateLinkForm busy={create.isPending} onCreate={(link) => create.mutate(link)} />
      )}
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>{t('diagramLinks.dialog.listTitle')}</Typography.Text>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('diagramLinks.dialog.loadFailed', { reason: diagramErrorReason(list.error, t) })}
        />
      ) : (
        <LinksTable links={list.data ?? []} loading={list.isPending} onRevoke={revoke} />
      )}
    </Flex>
  );
}

export default function ProjectLinksButton({ projectId }: ProjectLinksButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} data-testid="project-links">
        {t('diagramLinks.button')}
      </Button>
      <Modal
        open={open}
        title={t('diagramLinks.dialog.title')}
        footer={null}
        width={860}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {/* Closing forgets a link's address: it is shown only once. */}
        {open && <LinksDialogBody projectId={projectId} />}
      </Modal>
    </>
  );
}
