/**
 * The error log as a feedback carries it (the user sees exactly this before sending): the newest
 * 100 entries, each route, message and stack cut to the contract's bounds with an ellipsis, the
 * time as an ISO instant.
 */
import { FEEDBACK_LIMITS } from '@fieldlink/protocol';
import type { FeedbackErrorEntry } from '../../api/feedback';
import type { ErrorEntry } from '../../shell/errorLog';

/** `text` in at most `max` UTF-16 units, an ellipsis marking a cut, no half of a character left. */
export function clip(text: string, max: number): string {
  // The server refuses NUL in stored text.
  const clean = text.replaceAll('\u0000', '');
  if (clean.length <= max) return clean;
  let end = max - 1;
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${clean.slice(0, end)}…`;
}

/** A stored log is the browser's: a time that is not one reads as the epoch rather than failing. */
const isoOf = (ms: number): string => {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
};

export function errorLogAttachment(entries: readonly ErrorEntry[]): FeedbackErrorEntry[] {
  const { errorEntries, routeMax, messageMax, stackMax } = FEEDBACK_LIMITS;
  return entries.slice(0, errorEntries).map((e) => ({
    route: clip(String(e.route ?? ''), routeMax),
    message: clip(String(e.message ?? ''), messageMax),
    stack: clip(String(e.stack ?? ''), stackMax),
    at: isoOf(e.at),
  }));
}

/** The attachment as plain text, as the preview and the administrators' page show it. */
export function errorLogText(entries: readonly FeedbackErrorEntry[]): string {
  return entries
    .map((e) => [`${e.at}  ${e.route}`, e.message, e.stack].filter((line) => line !== '').join('\n'))
    .join('\n\n');
}
