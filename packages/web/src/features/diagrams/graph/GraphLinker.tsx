/**
 * The dynamic graph's controls for whoever may edit the equipment's display: link one of their
 * projects (an SVG one goes in fBKImg item 13, a 3D one in item 14, replacing what was there) or
 * unlink what is linked, after a confirmation. The record the server answers is kept at once.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramKind } from '@fieldlink/protocol';
import { linkEquipmentDiagram, unlinkEquipmentDiagram } from '../../../api/diagram-links';
import { diagramListKey, listDiagrams } from '../../../api/diagrams';
import type { Equipment } from '../../../api/equipment';
import { putRecord } from '../../../equipment/loading';
import { diagramErrorReason } from '../errors';

export default function GraphLinker({
  record,
  linked,
}: {
  readonly record: Equipment;
  /** The kinds that have a graph linked now (anything in item 13 or 14). */
  readonly linked: readonly DiagramKind[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const projects = useQuery({ queryKey: diagramListKey, queryFn: ({ signal }) => listDiagrams(signal) });
  const kindWord = (kind: DiagramKind) => t(`diagramLinks.graph.kinds.${kind}`);

  const run = async (work: () => Promise<Equipment>, done: string) => {
    setBusy(true);
    try {
      putRecord(await work());
      setChoice(null);
      void message.success(done);
    } catch (error) {
      void message.error(t('diagramLinks.graph.failed', { reason: diagramErrorReason(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={8} wrap align="center" data-testid="graph-linker">
      <Select<string>
        style={{ minWidth: 260 }}
        value={choice}
        onChange={setChoice}
        loading={projects.isPending}
        placeholder={t('diagramLinks.graph.pick')}
        aria-label={t('diagramLinks.graph.pick')}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={
          projects.isError
            ? t('diagramLinks.graph.listFailed', { reason: diagramErrorReason(projects.error, t) })
            : t('diagramLinks.graph.noProjects')
        }
        options={(projects.data ?? []).map((p) => ({
          value: p.id,
          label: `${p.name} (${kindWord(p.kind)})`,
        }))}
      />
      <Button
        type="primary"
        disabled={choice === null}
        loading={busy}
        onClick={() =>
          choice !== null &&
          void run(() => linkEquipmentDiagram(record.id, choice), t('diagramLinks.graph.linked'))
        }
      >
        {t('diagramLinks.graph.link')}
      </Button>
      {linked.map((kind) => (
        <Popconfirm
          key={kind}
          title={t('diagramLinks.graph.unlinkConfirm', { kind: kindWord(kind) })}
          okText={t('diagramLinks.graph.unlink')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() =>
            run(() => unlinkEquipmentDiagram(record.id, kind), t('diagramLinks.graph.unlinked'))
          }
        >
          <Button danger disabled={busy}>
            {t('diagramLinks.graph.unlinkKind', { kind: kindWord(kind) })}
          </Button>
        </Popconfirm>
      ))}
      <Typography.Text type="secondary">{t('diagramLinks.graph.linkHint')}</Typography.Text>
    </Flex>
  );
}
