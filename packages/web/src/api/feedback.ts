/**
 * Feedback calls (docs/api.md § Feedback): a user sends feedback, optionally with the console's
 * error log; administrators list it and mark it read or unread.
 */
import { AdminFeedback, AdminFeedbackPage, FeedbackCreated } from '@fieldlink/protocol';
import type { FeedbackCreate } from '@fieldlink/protocol';
import type { z } from 'zod';
import { get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { FeedbackCategory, FeedbackCreate, FeedbackErrorEntry } from '@fieldlink/protocol';
export type FeedbackEntry = Reply<z.output<typeof AdminFeedback>>;
export type FeedbackList = Reply<z.output<typeof AdminFeedbackPage>>;

export interface FeedbackPage {
  readonly offset: number;
  readonly limit: number;
  readonly unread?: boolean;
}

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (page: FeedbackPage) => ['feedback', page] as const,
};

export function sendFeedback(body: FeedbackCreate): Promise<Reply<z.output<typeof FeedbackCreated>>> {
  return post<unknown>('/feedback', body).then(validated(FeedbackCreated));
}

export function listFeedback(page: FeedbackPage, signal?: AbortSignal): Promise<FeedbackList> {
  const query = {
    offset: page.offset,
    limit: page.limit,
    ...(page.unread === undefined ? {} : { unread: String(page.unread) }),
  };
  return get<unknown>('/admin/feedback', { query, signal }).then(validated(AdminFeedbackPage));
}

export function markFeedbackRead(id: number, read: boolean): Promise<FeedbackEntry> {
  return patch<unknown>(`/admin/feedback/${id}`, { read }).then(validated(AdminFeedback));
}
