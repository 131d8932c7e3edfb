/**
 * A report as the page shows and prints it: its period in the server's zone, the totals, what the
 * limits left out, and a table with a row per device and channel (the device's cells spanning its
 * channels): online time, uptime, alarms, and each channel's minimum, maximum and average.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import { Alert, Col, Empty, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportView } from '../../api/reports';
import { channelTitle, durationText, percentText, reportRows, valueText, zonedMinute } from './format';
import type { ReportRow } from './format';

export default function ReportDocument({ report }: { readonly report: ReportView }) {
  const { t } = useTranslation();
  const zone = report.timeZone;
  const none = t('reports.table.noValue');
  const deviceCell = (row: ReportRow) => ({ rowSpan: row.span });
  const stat =
    (pick: (row: ReportRow['channel'] & object) => number | null) => (_: unknown, row: ReportRow) =>
      row.channel === null ? '' : (valueText(pick(row.channel), row.channel.unit) ?? none);

  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'device',
      title: t('reports.table.device'),
      onCell: deviceCell,
      render: (_, { device }) => (
        <>
          <Typography.Text strong>{device.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{device.unid}</Typography.Text>
        </>
      ),
    },
    {
      key: 'online',
      title: t('reports.table.online'),
      align: 'right',
      onCell: deviceCell,
      render: (_, { device }) => durationText(device.onlineMs),
    },
    {
      key: 'uptime',
      title: t('reports.table.uptime'),
      align: 'right',
      onCell: deviceCell,
      render: (_, { device }) => percentText(device.uptime),
    },
    {
      key: 'alarms',
      title: t('reports.table.alarms'),
      align: 'right',
      onCell: deviceCell,
      render: (_, { device }) =>
        device.alarms > 0 ? <Typography.Text type="danger">{device.alarms}</Typography.Text> : 0,
    },
    {
      key: 'channel',
      title: t('reports.table.channel'),
      render: (_, row) => (row.channel === null ? none : channelTitle(row.channel)),
    },
    { key: 'min', title: t('reports.table.min'), align: 'right', render: stat((c) => c.min) },
    { key: 'max', title: t('reports.table.max'), align: 'right', render: stat((c) => c.max) },
    { key: 'avg', title: t('reports.table.avg'), align: 'right', render: stat((c) => c.avg) },
    {
      key: 'samples',
      title: t('reports.table.samples'),
      align: 'right',
      render: (_, row) =>
        row.channel === null ? '' : row.channel.samples > 0 ? row.channel.samples : t('reports.table.held'),
    },
  ];

  const { totals, omitted } = report;
  return (
    <div data-testid="report-document">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(report.period === 'daily' ? 'reports.view.titleDaily' : 'reports.view.titleWeekly')}{' '}
        {report.partial && <Tag color="processing">{t('reports.view.soFar')}</Tag>}
      </Typography.Title>
      <Typography.Paragraph className="fl-report-period" type="secondary">
        {t('reports.view.period', {
          from: zonedMinute(report.from, zone),
          to: zonedMinute(report.to, zone),
          zone,
        })}
        {' · '}
        {t('reports.view.generated', { time: zonedMinute(report.generatedAt, zone) })}
      </Typography.Paragraph>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('reports.view.devices')} value={totals.devices} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('reports.view.uptime')} value={percentText(totals.uptime)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('reports.view.onlineTime')} value={durationText(totals.onlineMs)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('reports.view.alarms')} value={totals.alarms} />
        </Col>
      </Row>
      {omitted.devices > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('reports.view.omittedDevices', { count: omitted.devices, limit: REPORT_LIMITS.devices })}
        />
      )}
      {omitted.channels > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('reports.view.omittedChannels', {
            count: omitted.channels,
            limit: REPORT_LIMITS.channelsPerDevice,
          })}
        />
      )}
      <Table<ReportRow>
        className="fl-report-table"
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={reportRows(report.devices)}
        pagination={false}
        locale={{ emptyText: <Empty description={t('reports.view.empty')} /> }}
      />
    </div>
  );
}
