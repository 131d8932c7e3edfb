/**
 * The register blocks a device does not have, under its header: one line per block it refused,
 * named in the user's language with the Modbus exception it answered (the protocol package's
 * names), saying they are not read and that the server asks again about once an hour. The same
 * words, short, are the tooltip of each channel of such a block (`unavailableTexts`), shown '—'
 * rather than 0 or off.
 */
import { exceptionName } from '@fieldlink/protocol';
import { Alert, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BLOCK_KINDS } from '../../equipment/unsupported';
import type { BlockKind, UnsupportedBlocks } from '../../equipment/unsupported';
import { langOf } from './format';

/** Each refused block with the words about it: the alert's line, the channels' tooltip. */
export function blockTexts(
  blocks: UnsupportedBlocks | undefined,
  t: TFunction,
  language: string,
): { readonly kind: BlockKind; readonly line: string; readonly channel: string }[] {
  if (!blocks) return [];
  const lang = langOf(language);
  return BLOCK_KINDS.flatMap((kind) => {
    const code = blocks[kind];
    if (code === undefined) return [];
    const words = {
      block: t(`monitoring.device.unsupported.blocks.${kind}`),
      exception: exceptionName(code, lang),
    };
    return [
      {
        kind,
        line: t('monitoring.device.unsupported.block', words),
        channel: t('monitoring.device.unsupported.channel', words),
      },
    ];
  });
}

/** The tooltip of the channels of each refused block; a block not named is read. */
export function unavailableTexts(
  blocks: UnsupportedBlocks | undefined,
  t: TFunction,
  language: string,
): Partial<Record<BlockKind, string>> {
  return Object.fromEntries(blockTexts(blocks, t, language).map((b) => [b.kind, b.channel]));
}

/** A channel of a block that is not read: '—', its reason as the tooltip and the accessible name. */
export function UnavailableValue({ text, channel }: { readonly text: string; readonly channel: string }) {
  return (
    <Tooltip title={text}>
      <span
        className="channel-value channel-unavailable"
        role="img"
        aria-label={text}
        data-testid={`unavailable-${channel}`}
      >
        —
      </span>
    </Tooltip>
  );
}

export default function UnsupportedAlert({ blocks }: { readonly blocks: UnsupportedBlocks }) {
  const { t, i18n } = useTranslation();
  const lines = blockTexts(blocks, t, i18n.language);
  if (lines.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="unsupported"
      title={
        <>
          {lines.map((l) => (
            <div key={l.kind} data-block={l.kind}>
              {l.line}
            </div>
          ))}
        </>
      }
      description={t('monitoring.device.unsupported.retry')}
    />
  );
}
