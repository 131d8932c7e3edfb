/**
 * The reports the scheduler made for the user, newest period first, with what became of each
 * (mailed, made without mail, not mailed); one opened is shown above as the report of its period.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchReportRuns, reportKeys } from '../../api/reports';
import type { ReportRunView } from '../../api/reports';
import { percentText, zonedMinute } from './format';

const STATE_COLORS: Readonly<Record<ReportRunView['state'], string>> = {
  sending: 'processing',
  sent: 'success',
  generated: 'default',
  failed: 'error',
};

interface Props {
  readonly timeZone: string;
  readonly onOpen: (run: ReportRunView) => void;
}

export default function ReportRunsCard({ timeZone, onOpen }: Props) {
  const { t } = useTranslation();
  const runs = useQuery({ queryKey: reportKeys.runs, queryFn: ({ signal }) => fetchReportRuns(signal) });
  const columns: TableColumnsType<ReportRunView> = [
    {
      key: 'period',
      title: t('reports.runs.period'),
      render: (_, run) =>
        `${t(run.period === 'daily' ? 'reports.view.daily' : 'reports.view.weekly')} · ${zonedMinute(
          run.from,
          timeZone,
        )} – ${zonedMinute(run.to, timeZone)}`,
    },
    {
      key: 'state',
      title: t('reports.runs.state'),
      render: (_, run) => <Tag color={STATE_COLORS[run.state]}>{t(`reports.runs.states.${run.state}`)}</Tag>,
    },
    {
      key: 'summary',
      title: t('reports.runs.summary'),
      render: (_, run) =>
        run.summary === null
          ? ''
          : t('reports.runs.summaryText', {
              devices: run.summary.devices,
              alarms: run.summary.alarms,
              uptime: percentText(run.summary.uptime),
            }),
    },
    {
      key: 'open',
      title: '',
      width: 90,
      render: (_, run) => (
        <Button size="small" type="link" onClick={() => onOpen(run)}>
          {t('reports.runs.open')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('reports.runs.title')} className="fl-report-no-print" data-testid="report-runs">
      {runs.error ? (
        <Alert type="error" showIcon title={t('reports.runs.loadError', { message: runs.error.message })} />
      ) : (
        <Table<ReportRunView>
          size="small"
          rowKey={(run) => `${run.period}:${run.from}`}
          columns={columns}
          dataSource={[...(runs.data ?? [])]}
          loading={runs.isLoading}
          pagination={false}
          locale={{ emptyText: t('reports.runs.empty') }}
        />
      )}
    </Card>
  );
}
