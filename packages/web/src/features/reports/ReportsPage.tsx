/**
 * `/increment/reports`, the automatic reports service (issue 25): the report of the last complete
 * day or week, or of the one under way so far, as a table of devices (online time, uptime,
 * alarms, chosen channels' minimum, maximum and average); downloading it as XLSX, mailing it now,
 * printing it (the PDF is the browser's print to PDF); the schedule that makes and mails it; and
 * the reports the schedule made.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReport, fetchReportSettings, reportKeys } from '../../api/reports';
import type { ReportPeriod, ReportRequest } from '../../api/reports';
import ReportActions from './ReportActions';
import ReportDocument from './ReportDocument';
import ReportRunsCard from './ReportRunsCard';
import ReportSettingsCard from './ReportSettingsCard';
import './reports.css';

/** The last complete period, the one under way so far, or a scheduled report's (its end). */
type Span = 'last' | 'current' | { readonly end: string };

export default function ReportsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('daily');
  const [span, setSpan] = useState<Span>('last');
  const request: ReportRequest = {
    period,
    ...(span === 'last' ? {} : { end: span === 'current' ? 'now' : span.end }),
  };
  const report = useQuery({
    queryKey: reportKeys.report(request),
    queryFn: ({ signal }) => fetchReport(request, signal),
  });
  const settings = useQuery({
    queryKey: reportKeys.settings,
    queryFn: ({ signal }) => fetchReportSettings(signal),
  });

  const daily = period === 'daily';
  const spanOptions = [
    { value: 'last', label: t(daily ? 'reports.view.lastDay' : 'reports.view.lastWeek') },
    { value: 'current', label: t(daily ? 'reports.view.today' : 'reports.view.thisWeek') },
    ...(typeof span === 'object' ? [{ value: 'opened', label: t('reports.view.opened') }] : []),
  ];
  const timeZone = report.data?.timeZone ?? settings.data?.timeZone ?? '';

  return (
    <Flex vertical gap={16} data-testid="reports-page">
      <Typography.Paragraph type="secondary" className="fl-report-no-print" style={{ marginBottom: 0 }}>
        {t('reports.intro')}
      </Typography.Paragraph>
      <Card className="fl-report-print">
        <Flex
          justify="space-between"
          wrap
          gap={12}
          className="fl-report-no-print"
          style={{ marginBottom: 16 }}
        >
          <Space wrap>
            <Segmented<ReportPeriod>
              aria-label={t('reports.view.periodKind')}
              value={period}
              onChange={(value) => {
                setPeriod(value);
                if (typeof span === 'object') setSpan('last');
              }}
              options={[
                { value: 'daily', label: t('reports.view.daily') },
                { value: 'weekly', label: t('reports.view.weekly') },
              ]}
            />
            <Segmented<string>
              aria-label={t('reports.view.span')}
              value={typeof span === 'object' ? 'opened' : span}
              onChange={(value) => {
                if (value === 'last' || value === 'current') setSpan(value);
              }}
              options={spanOptions}
            />
          </Space>
          <Space wrap>
            <Button
              icon={<ReloadOutlined />}
              loading={report.isFetching}
              onClick={() => void report.refetch()}
            >
              {t('reports.view.refresh')}
            </Button>
            <ReportActions request={request} email={settings.data?.emailAddress} disabled={!report.data} />
          </Space>
        </Flex>
        {report.error ? (
          <Alert
            type="error"
            showIcon
            title={t('reports.view.loadError', { message: report.error.message })}
          />
        ) : report.data ? (
          <ReportDocument report={report.data} />
        ) : (
          <Skeleton active />
        )}
      </Card>
      {settings.error && (
        <Alert
          type="error"
          showIcon
          title={t('reports.settings.loadError', { message: settings.error.message })}
        />
      )}
      {settings.data && <ReportSettingsCard key={JSON.stringify(settings.data)} settings={settings.data} />}
      <ReportRunsCard
        timeZone={timeZone}
        onOpen={(run) => {
          setPeriod(run.period);
          setSpan({ end: run.to });
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
      />
    </Flex>
  );
}
