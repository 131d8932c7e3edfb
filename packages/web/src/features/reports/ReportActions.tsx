/**
 * What can be done with the report shown: download it as XLSX, mail it now to the user's bound
 * address, or print it (the browser's print dialog also saves it as PDF; the print stylesheet in
 * reports.css leaves everything but the report out).
 */
import { DownloadOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport, sendReport } from '../../api/reports';
import type { ReportRequest } from '../../api/reports';
import { saveFile } from '../history/export-stream';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  readonly request: ReportRequest;
  /** The user's bound address; null without one, undefined while unknown. */
  readonly email: string | null | undefined;
  readonly disabled: boolean;
}

export default function ReportActions({ request, email, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'download' | 'send' | null>(null);

  const download = async () => {
    setBusy('download');
    try {
      const file = await downloadReport(request);
      saveFile([file.bytes], file.fileName, XLSX_TYPE);
    } catch (error) {
      void message.error(t('reports.view.downloadError', { message: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };

  const mail = async () => {
    setBusy('send');
    try {
      const sent = await sendReport(request);
      void message.success(t('reports.view.sent', { email: sent.sentTo }));
    } catch (error) {
      void message.error(t('reports.view.sendError', { message: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };

  const sendButton = (
    <Button
      icon={<MailOutlined />}
      loading={busy === 'send'}
      disabled={disabled || email === null}
      onClick={() => void mail()}
    >
      {t('reports.view.send')}
    </Button>
  );
  return (
    <Space wrap className="fl-report-no-print">
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'download'}
        disabled={disabled}
        onClick={() => void download()}
      >
        {t('reports.view.download')}
      </Button>
      {email === null ? <Tooltip title={t('reports.view.noEmail')}>{sendButton}</Tooltip> : sendButton}
      <Button icon={<PrinterOutlined />} disabled={disabled} onClick={() => window.print()}>
        {t('reports.view.print')}
      </Button>
    </Space>
  );
}
