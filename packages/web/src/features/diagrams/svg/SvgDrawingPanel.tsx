/**
 * The editor's panel of a diagram's imported SVG (docs/console.md § Diagrams, SVG drawings):
 * choose, upload or remove the drawing; list its element ids; bind the picked element to
 * channels with a rule each; bind by id against one equipment; warn of bindings whose element
 * the drawing lacks. It edits only `svg` of the document through `onChange`; the editor mounts it
 * and passes the picks of the diagram view (DiagramView's onPickSvgElement) as `picked`/`onPick`.
 */
import type { DiagramDocument, ElementBinding } from '@fieldlink/protocol';
import { Alert, Button, Divider, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passageOf } from '../../../diagrams/binding-choices';
import { missingTargets } from './drawing-ids';
import BindById from './BindById';
import ElementEditor from './ElementEditor';
import ElementList from './ElementList';
import SvgSource from './SvgSource';
import { useDrawingIds } from './use-drawing-ids';

export interface SvgDrawingPanelProps {
  readonly svg: DiagramDocument['svg'];
  readonly onChange: (svg: DiagramDocument['svg']) => void;
  /** The picked element's original id (from the diagram view or the list), or null. */
  readonly picked: string | null;
  readonly onPick: (id: string | null) => void;
  /** The project: uploads go to its directory of the `project` file space (else the user's own files). */
  readonly projectId?: string | null;
}

const NO_BINDINGS: readonly ElementBinding[] = [];

export default function SvgDrawingPanel({
  svg,
  onChange,
  picked,
  onPick,
  projectId = null,
}: SvgDrawingPanelProps) {
  const { t } = useTranslation();
  const src = svg?.src ?? null;
  const bindings = svg?.bindings ?? NO_BINDINGS;
  const read = useDrawingIds(src);
  const ids = read.status === 'ready' ? read.ids : null;
  const missing = ids ? missingTargets(bindings, ids) : [];
  const setBindings = (next: ElementBinding[]) => {
    if (svg) onChange({ ...svg, bindings: next });
  };

  return (
    <Flex vertical gap={12} className="svg-drawing-panel" data-testid="svg-drawing-panel">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('diagramDrawing.panel.title')}
      </Typography.Title>
      <SvgSource
        src={src}
        projectId={projectId}
        onSource={(next) => {
          onPick(null);
          // Another drawing keeps the bindings: ids it lacks show as missing below.
          onChange(next === null ? null : { src: next, bindings: [...bindings] });
        }}
      />
      {read.status === 'loading' && (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('diagramDrawing.panel.loading')}</Typography.Text>
        </Flex>
      )}
      {read.status === 'unreadable' && (
        <Alert type="warning" showIcon title={t('diagramDrawing.panel.unreadable')} />
      )}
      {svg && missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="svg-missing"
          title={t('diagramDrawing.missing.title')}
          description={
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('diagramDrawing.missing.hint')}</Typography.Text>
              {missing.map((b) => {
                const at = bindings.indexOf(b);
                const channel = b.binding.channel
                  ? passageOf(b.binding.channel.kind, b.binding.channel.index)
                  : '';
                return (
                  <Flex key={at} gap={8} align="center">
                    <Button type="link" size="small" onClick={() => onPick(b.target)}>
                      {b.target}
                    </Button>
                    <Typography.Text type="secondary">{`#${b.binding.equipmentId} ${channel}`}</Typography.Text>
                    <Button
                      size="small"
                      danger
                      aria-label={`${t('diagramDrawing.element.remove')} ${b.target}`}
                      onClick={() => setBindings(bindings.filter((_, i) => i !== at))}
                    >
                      {t('diagramDrawing.element.remove')}
                    </Button>
                  </Flex>
                );
              })}
            </Flex>
          }
        />
      )}
      {svg && picked !== null && (
        <ElementEditor
          key={picked}
          id={picked}
          bindings={bindings}
          inDrawing={ids === null || ids.includes(picked)}
          onChange={setBindings}
          onClose={() => onPick(null)}
        />
      )}
      {svg && ids && (
        <>
          <Divider plain style={{ margin: '4px 0' }}>
            {t('diagramDrawing.elements.title')}
          </Divider>
          <ElementList ids={ids} bindings={bindings} picked={picked} onPick={onPick} />
          <Divider plain style={{ margin: '4px 0' }}>
            {t('diagramDrawing.byId.title')}
          </Divider>
          <BindById ids={ids} bindings={bindings} onChange={setBindings} />
        </>
      )}
    </Flex>
  );
}
