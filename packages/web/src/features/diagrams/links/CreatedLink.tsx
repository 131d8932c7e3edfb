/**
 * A link just made: its address with a copy button and a QR code for a screen's browser to scan.
 * The server keeps only the token's hash, so this is the only time the address shows.
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedDiagramLink } from '../../../api/diagram-links';

/** QR codes scan best dark on light, whatever the console's theme. */
const QR_COLORS = { color: '#000000', bgColor: '#ffffff' } as const;

export default function CreatedLink({
  link,
  onDone,
}: {
  readonly link: CreatedDiagramLink;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  // Made of the console's public origin (the server's setting, else the address it was reached at).
  const url = link.url;
  return (
    <Flex vertical gap={12} data-testid="link-created">
      <Alert type="warning" showIcon title={t('diagramLinks.dialog.once', { label: link.label })} />
      <Flex gap={16} wrap align="center">
        <QRCode
          value={url}
          type="svg"
          size={160}
          errorLevel="M"
          {...QR_COLORS}
          aria-label={t('diagramLinks.dialog.qr')}
        />
        <Typography.Paragraph
          style={{ fontFamily: 'monospace', margin: 0, wordBreak: 'break-all', flex: 1, minWidth: 240 }}
          copyable={{
            text: url,
            icon: [
              <span key="copy">
                <CopyOutlined /> {t('diagramLinks.dialog.copy')}
              </span>,
              <span key="copied">
                <CheckOutlined /> {t('diagramLinks.dialog.copied')}
              </span>,
            ],
            tooltips: [t('diagramLinks.dialog.copy'), t('diagramLinks.dialog.copied')],
          }}
        >
          <span data-testid="link-url">{url}</span>
        </Typography.Paragraph>
      </Flex>
      <Flex justify="end">
        <Button onClick={onDone}>{t('diagramLinks.dialog.another')}</Button>
      </Flex>
    </Flex>
  );
}
