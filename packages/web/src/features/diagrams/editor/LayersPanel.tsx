/**
 * The widgets as a stack, topmost first (the drawing order turned over): each with its kind and
 * name, chosen by a click (Shift adds or takes away), moved up or down the stack, locked or
 * unlocked, hidden or shown. Hidden widgets can only be chosen here.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Empty, Flex, Typography } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { stacked } from './arrange';
import { isUnbound } from './draft';
import type { DraftDocument, DraftWidget } from './draft';
import type { EditorAction } from './model';
import { KIND_ICONS } from './widget-icons';

/** What a widget is called in lists: its label or text when it has one, else its id. */
export function widgetTitle(widget: DraftWidget): string {
  if (widget.kind === 'switch' && widget.label.trim() !== '') return widget.label;
  if (widget.kind === 'text' && widget.text.trim() !== '') return widget.text.slice(0, 40);
  return widget.id;
}

interface Props {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly dispatch: Dispatch<EditorAction>;
}

export default function LayersPanel({ doc, selection, dispatch }: Props) {
  const { t } = useTranslation();
  const order = stacked(doc.widgets).reverse();
  if (order.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('diagramEditor.layers.empty')} />;
  return (
    <ul
      className="diagram-editor-layers"
      aria-label={t('diagramEditor.layers.title')}
      data-testid="diagram-editor-layers"
    >
      {order.map((w, i) => {
        const chosen = selection.includes(w.id);
        const title = widgetTitle(w);
        const name = t('diagramEditor.layers.row', { kind: t(`diagramEditor.kinds.${w.kind}`), name: title });
        return (
          <li
            key={w.id}
            className={chosen ? 'diagram-editor-layer diagram-editor-layer-chosen' : 'diagram-editor-layer'}
            data-layer-id={w.id}
          >
            <button
              type="button"
              className="diagram-editor-layer-name"
              aria-pressed={chosen}
              title={name}
              onClick={(event) =>
                dispatch({ type: 'select', ids: [w.id], mode: event.shiftKey ? 'toggle' : 'set' })
              }
            >
              <span aria-hidden>{KIND_ICONS[w.kind]}</span>
              <Typography.Text
                type={w.hidden ? 'secondary' : undefined}
                ellipsis
                style={{ flex: 1, textAlign: 'left' }}
              >
                {title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {isUnbound(w) ? t('diagramEditor.layers.unbound') : `L${w.layer}`}
              </Typography.Text>
            </button>
            <Flex gap={0}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={i === 0 || w.locked}
                aria-label={t('diagramEditor.layers.up', { name: title })}
                title={t('diagramEditor.layers.up', { name: title })}
                onClick={() => dispatch({ type: 'restack', move: 'forward', ids: [w.id] })}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={i === order.length - 1 || w.locked}
                aria-label={t('diagramEditor.layers.down', { name: title })}
                title={t('diagramEditor.layers.down', { name: title })}
                onClick={() => dispatch({ type: 'restack', move: 'backward', ids: [w.id] })}
              />
              <Button
                size="small"
                type="text"
                icon={w.locked ? <LockOutlined /> : <UnlockOutlined />}
                aria-pressed={w.locked}
                aria-label={t(w.locked ? 'diagramEditor.layers.unlockOf' : 'diagramEditor.layers.lockOf', {
                  name: title,
                })}
                title={t(w.locked ? 'diagramEditor.layers.unlockOf' : 'diagramEditor.layers.lockOf', {
                  name: title,
                })}
                onClick={() => dispatch({ type: 'lock', ids: [w.id], locked: !w.locked })}
              />
              <Button
                size="small"
                type="text"
                icon={w.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                aria-pressed={w.hidden}
                aria-label={t(w.hidden ? 'diagramEditor.layers.showOf' : 'diagramEditor.layers.hideOf', {
                  name: title,
                })}
                title={t(w.hidden ? 'diagramEditor.layers.showOf' : 'diagramEditor.layers.hideOf', {
                  name: title,
                })}
                onClick={() => dispatch({ type: 'hide', ids: [w.id], hidden: !w.hidden })}
              />
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
