/**
 * A code just issued: the code in groups of four (to read aloud), its link, copy buttons for
 * both, and a QR code of the link for a phone to scan. The server keeps only the code's hash, so
 * this is the only time it shows.
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShareCode } from '../../api/sharing';
import { groupCode } from './access';
import { useTimeFormat } from '../../time/zone';

interface Props {
  readonly code: ShareCode;
  readonly onDone: () => void;
  readonly onAnother: () => void;
}

/** QR codes scan best dark on light, whatever the console's theme. */
const QR_COLORS = { color: '#000000', bgColor: '#ffffff' } as const;

export default function ShareResult({ code, onDone, onAnother }: Props) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const copyButton = (label: string) => [
    <span key="copy">
      <CopyOutlined /> {label}
    </span>,
    <span key="copied">
      <CheckOutlined /> {t('sharing.result.copied')}
    </span>,
  ];

  return (
    <Flex vertical gap={16} data-testid="share-result">
      <Alert type="warning" showIcon title={t('sharing.result.once')} />
      <Flex gap={24} wrap align="start">
        <Flex vertical align="center" gap={4}>
          <QRCode
            value={code.url}
            type="svg"
            size={184}
            errorLevel="M"
            {...QR_COLORS}
            aria-label={t('sharing.result.qr')}
            data-testid="share-qr"
          />
          <Typography.Text type="secondary">{t('sharing.result.qr')}</Typography.Text>
        </Flex>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 260 }}>
          <div>
            <Typography.Text type="secondary">{t('sharing.result.code')}</Typography.Text>
            <Typography.Paragraph
              style={{ fontFamily: 'monospace', fontSize: 18, margin: 0 }}
              copyable={{
                text: code.code,
                icon: copyButton(t('sharing.result.copyCode')),
                tooltips: [t('sharing.result.copyCode'), t('sharing.result.copied')],
              }}
            >
              <span data-testid="share-code">{groupCode(code.code)}</span>
            </Typography.Paragraph>
          </div>
          <div>
            <Typography.Text type="secondary">{t('sharing.result.link')}</Typography.Text>
            <Typography.Paragraph
              style={{ fontFamily: 'monospace', margin: 0, wordBreak: 'break-all' }}
              copyable={{
                text: code.url,
                icon: copyButton(t('sharing.result.copyLink')),
                tooltips: [t('sharing.result.copyLink'), t('sharing.result.copied')],
              }}
            >
              <span data-testid="share-url">{code.url}</span>
            </Typography.Paragraph>
          </div>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'tier', label: t('sharing.dialog.tier'), children: t(`sharing.tiers.${code.level}`) },
              {
                key: 'uses',
                label: t('sharing.dialog.maxCount'),
                children: t('sharing.result.uses', { count: code.maxCount }),
              },
              {
                key: 'expires',
                label: t('sharing.result.expires'),
                children: code.expiresAt ? time.format(code.expiresAt) : t('sharing.result.noEnd'),
              },
              ...(code.camera || code.slaves
                ? [
                    {
                      key: 'with',
                      label: t('sharing.result.with'),
                      children: [
                        code.camera ? t('sharing.dialog.camera') : null,
                        code.slaves ? t('sharing.dialog.slaves') : null,
                      ]
                        .filter((text) => text !== null)
                        .join(', '),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onAnother}>{t('sharing.result.another')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('sharing.result.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
