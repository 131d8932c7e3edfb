/**
 * The words of alarm e-mails, in the user's language (users.language: zh, en or tc; zh when
 * unknown, as the console's default). The console words the same alarm with its own locale files
 * (history.event.*); these are the server's copy for mail, kept to the same phrases.
 */
import type { ZonedTime } from '../history/time.js';

export type MailLanguage = 'zh' | 'en' | 'tc';

/** The facts of an alarm a mail line is made of. */
export interface AlarmFacts {
  readonly equipmentName: string;
  readonly unid: string;
  /** 'AI2', 'DI1', 'LINK'. */
  readonly channel: string;
  /** The channel's own name ('' or the label itself for none). */
  readonly name: string;
  readonly unit: string;
  readonly level: number;
  readonly value: number;
  readonly limit: number | null;
  /** The server's wording, for channels the phrases do not cover. */
  readonly text: string;
}

interface Words {
  readonly high: string;
  readonly low: string;
  readonly di: string;
  readonly one: string;
  readonly many: string;
  readonly more: string;
  readonly why: string;
}

const WORDS: Readonly<Record<MailLanguage, Words>> = {
  en: {
    high: '{channel} above the upper limit {limit}: {value}',
    low: '{channel} below the lower limit {limit}: {value}',
    di: '{channel} in alarm',
    one: 'Alarm: {equipment} {channel}',
    many: '{count} alarms on your equipment',
    more: '… and {count} more',
    why: 'You get this mail because e-mail alarms are on in your personal center; alarms raised in your quiet hours are not mailed.',
  },
  zh: {
    high: '{channel} 高于上限 {limit}：{value}',
    low: '{channel} 低于下限 {limit}：{value}',
    di: '{channel} 报警',
    one: '报警：{equipment} {channel}',
    many: '您的设备有 {count} 条报警',
    more: '…… 另有 {count} 条',
    why: '您在个人中心开启了邮件报警，因此收到此邮件；免打扰时段内的报警不发送邮件。',
  },
  tc: {
    high: '{channel} 高於上限 {limit}：{value}',
    low: '{channel} 低於下限 {limit}：{value}',
    di: '{channel} 報警',
    one: '報警：{equipment} {channel}',
    many: '您的設備有 {count} 條報警',
    more: '…… 另有 {count} 條',
    why: '您在個人中心開啟了郵件報警，因此收到此郵件；免打擾時段內的報警不發送郵件。',
  },
};

export function mailLanguage(language: string): MailLanguage {
  return language === 'en' || language === 'tc' ? language : 'zh';
}

function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** A value as a person reads it: at most three decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** 'AI2 Pressure', or 'AI2' when the channel has no name of its own. */
function channelText(a: AlarmFacts): string {
  const name = a.name.trim();
  return name === '' || name === a.channel ? a.channel : `${a.channel} ${name}`;
}

/** The alarm in one line, without the time or the equipment: what the notice's e-mail text holds. */
export function alarmLine(a: AlarmFacts, language: MailLanguage): string {
  const words = WORDS[language];
  const channel = channelText(a);
  if (a.channel.startsWith('DI')) return fill(words.di, { channel });
  if (!a.channel.startsWith('AI')) return a.text;
  const value = `${formatNumber(a.value)}${a.unit === '' ? '' : ` ${a.unit}`}`;
  const limit = a.limit === null ? '' : formatNumber(a.limit);
  return fill(a.level === -1 ? words.low : words.high, { channel, limit, value });
}

/** One alarm of a mail: its time, equipment and line. */
export interface MailEntry {
  readonly at: number;
  readonly equipmentName: string;
  readonly unid: string;
  readonly channel: string;
  /** alarmLine() in the user's language. */
  readonly line: string;
}

export interface AlarmMail {
  readonly subject: string;
  readonly text: string;
}

/**
 * The mail of a group: the subject names the alarm when there is one, else counts them; the body
 * lists each (time in `zone`, equipment, line), then how many more there were beyond those listed.
 */
export function alarmMail(
  entries: readonly MailEntry[],
  more: number,
  language: MailLanguage,
  zone: ZonedTime,
): AlarmMail {
  const words = WORDS[language];
  const count = entries.length + more;
  const first = entries[0];
  const subject =
    count === 1 && first
      ? fill(words.one, { equipment: first.equipmentName, channel: first.channel })
      : fill(words.many, { count });
  const lines = entries.map((e) => `${zone.format(e.at)}  ${e.equipmentName} (${e.unid})  ${e.line}`);
  if (more > 0) lines.push(fill(words.more, { count: more }));
  lines.push('', words.why, '');
  return { subject: subject.slice(0, 200), text: lines.join('\n') };
}
