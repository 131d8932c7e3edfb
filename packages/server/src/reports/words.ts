/**
 * The words of report mails and spreadsheets in the user's language (users.language: zh, en or
 * tc; zh when unknown, as for alarm mails, notices/mail-text.ts). The console words the report
 * page with its own locale files (locales/<lang>/reports.ts), in the same phrases.
 */
import type { MailLanguage } from '../notices/mail-text.js';

export interface ReportWords {
  readonly subjectDaily: string;
  readonly subjectWeekly: string;
  readonly soFar: string;
  readonly heading: string;
  readonly totals: string;
  readonly device: string;
  readonly channel: string;
  readonly noValue: string;
  readonly more: string;
  readonly omittedDevices: string;
  readonly omittedChannels: string;
  readonly attached: string;
  readonly why: string;
  readonly sheetName: string;
  readonly columns: {
    readonly device: string;
    readonly serial: string;
    readonly onlineHours: string;
    readonly uptime: string;
    readonly alarms: string;
    readonly channel: string;
    readonly name: string;
    readonly unit: string;
    readonly min: string;
    readonly max: string;
    readonly avg: string;
    readonly samples: string;
  };
  readonly total: string;
  readonly period: string;
  readonly zone: string;
  readonly leftOut: string;
}

export const REPORT_WORDS: Readonly<Record<MailLanguage, ReportWords>> = {
  en: {
    subjectDaily: 'Daily report {date}: {devices} devices, {alarms} alarms',
    subjectWeekly: 'Weekly report {from} to {to}: {devices} devices, {alarms} alarms',
    soFar: ' (so far)',
    heading: 'Report of your devices from {from} to {to} ({zone})',
    totals: 'Devices: {devices}   Average uptime: {uptime}   Alarms: {alarms}',
    device: '{name} ({unid}): online {hours} h ({uptime}), {alarms} alarms',
    channel: '    {channel}: min {min}, max {max}, average {avg}',
    noValue: 'no value',
    more: '… and {count} more devices: see the attached spreadsheet',
    omittedDevices: '{count} devices were left out (a report holds at most {limit}).',
    omittedChannels: '{count} channels were left out (at most {limit} per device, or no longer on it).',
    attached: 'The whole report is attached as a spreadsheet ({file}).',
    why: 'You get this mail because automatic reports are on in the console (Value-added services › Automatic reports); you can turn them off there.',
    sheetName: 'Report',
    columns: {
      device: 'Device',
      serial: 'Serial number',
      onlineHours: 'Online (h)',
      uptime: 'Uptime (%)',
      alarms: 'Alarms',
      channel: 'Channel',
      name: 'Name',
      unit: 'Unit',
      min: 'Min',
      max: 'Max',
      avg: 'Average',
      samples: 'Samples',
    },
    total: 'Total',
    period: 'Period',
    zone: 'Time zone',
    leftOut: 'Left out',
  },
  zh: {
    subjectDaily: '日报 {date}：{devices} 台设备，{alarms} 条报警',
    subjectWeekly: '周报 {from} 至 {to}：{devices} 台设备，{alarms} 条报警',
    soFar: '（截至目前）',
    heading: '您的设备报表：{from} 至 {to}（{zone}）',
    totals: '设备：{devices}　平均在线率：{uptime}　报警：{alarms}',
    device: '{name}（{unid}）：在线 {hours} 小时（{uptime}），报警 {alarms} 条',
    channel: '    {channel}：最小 {min}，最大 {max}，平均 {avg}',
    noValue: '无数据',
    more: '…… 另有 {count} 台设备，详见附件表格',
    omittedDevices: '有 {count} 台设备未列入（每份报表最多 {limit} 台）。',
    omittedChannels: '有 {count} 个通道未列入（每台设备最多 {limit} 个，或设备已无此通道）。',
    attached: '完整报表见附件表格（{file}）。',
    why: '您在控制台开启了自动报表（增值服务 › 自动报表），因此收到此邮件；可在该页关闭。',
    sheetName: '报表',
    columns: {
      device: '设备',
      serial: '序列号',
      onlineHours: '在线时长（小时）',
      uptime: '在线率（%）',
      alarms: '报警',
      channel: '通道',
      name: '名称',
      unit: '单位',
      min: '最小值',
      max: '最大值',
      avg: '平均值',
      samples: '采样数',
    },
    total: '合计',
    period: '报表周期',
    zone: '时区',
    leftOut: '未列入',
  },
  tc: {
    subjectDaily: '日報 {date}：{devices} 台設備，{alarms} 條報警',
    subjectWeekly: '週報 {from} 至 {to}：{devices} 台設備，{alarms} 條報警',
    soFar: '（截至目前）',
    heading: '您的設備報表：{from} 至 {to}（{zone}）',
    totals: '設備：{devices}　平均在線率：{uptime}　報警：{alarms}',
    device: '{name}（{unid}）：在線 {hours} 小時（{uptime}），報警 {alarms} 條',
    channel: '    {channel}：最小 {min}，最大 {max}，平均 {avg}',
    noValue: '無數據',
    more: '…… 另有 {count} 台設備，詳見附件表格',
    omittedDevices: '有 {count} 台設備未列入（每份報表最多 {limit} 台）。',
    omittedChannels: '有 {count} 個通道未列入（每台設備最多 {limit} 個，或設備已無此通道）。',
    attached: '完整報表見附件表格（{file}）。',
    why: '您在控制台開啟了自動報表（增值服務 › 自動報表），因此收到此郵件；可在該頁關閉。',
    sheetName: '報表',
    columns: {
      device: '設備',
      serial: '序號',
      onlineHours: '在線時長（小時）',
      uptime: '在線率（%）',
      alarms: '報警',
      channel: '通道',
      name: '名稱',
      unit: '單位',
      min: '最小值',
      max: '最大值',
      avg: '平均值',
      samples: '採樣數',
    },
    total: '合計',
    period: '報表週期',
    zone: '時區',
    leftOut: '未列入',
  },
};

/** Puts values into a phrase's `{name}` places; unknown names are left as they are. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}
