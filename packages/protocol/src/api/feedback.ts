/**
 * Feedback (docs/api.md § Feedback; spec §2 "feedback", "error log"): a signed-in user sends a
 * problem, a suggestion or another remark, optionally with the console's error log, and
 * administrators read them with a read state of their own.
 */
import { z } from 'zod';
import { pageOf, storedText } from './fields.js';

/**
 * The bounds of a feedback: its text, the contact, and the error log attached (the console keeps
 * at most 100 entries; each field is cut by the console before it is sent, and a longer one is
 * refused). `perHour` is how many one user may send in an hour.
 */
export const FEEDBACK_LIMITS = {
  textMax: 4000,
  contactMax: 200,
  errorEntries: 100,
  routeMax: 200,
  messageMax: 500,
  stackMax: 2000,
  perHour: 10,
} as const;

export const FeedbackCategory = z.enum(['problem', 'suggestion', 'other']);
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;

/** One entry of the console's error log as it is sent: where, what, the stack, when. */
export const FeedbackErrorEntry = z.strictObject({
  route: storedText(0, FEEDBACK_LIMITS.routeMax),
  message: storedText(0, FEEDBACK_LIMITS.messageMax),
  stack: storedText(0, FEEDBACK_LIMITS.stackMax),
  at: z.iso.datetime(),
});
export type FeedbackErrorEntry = z.infer<typeof FeedbackErrorEntry>;

/** POST /feedback. */
export const FeedbackCreate = z.strictObject({
  category: FeedbackCategory,
  text: storedText(1, FEEDBACK_LIMITS.textMax).refine((v) => v.trim() !== '', 'must not be blank'),
  /** How to reach the sender besides their account (a phone, an address); null for none. */
  contact: storedText(1, FEEDBACK_LIMITS.contactMax).nullable().default(null),
  /** The error log, when the user chose to attach it; null when not. */
  errorLog: z.array(FeedbackErrorEntry).max(FEEDBACK_LIMITS.errorEntries).nullable().default(null),
});
export type FeedbackCreate = z.input<typeof FeedbackCreate>;

/** The reply to POST /feedback. */
export const FeedbackCreated = z.object({ id: z.number(), at: z.iso.datetime() });
export type FeedbackCreated = z.infer<typeof FeedbackCreated>;

/** A feedback as administrators list it. */
export const AdminFeedback = z.object({
  id: z.number(),
  category: FeedbackCategory,
  text: z.string(),
  contact: z.string().nullable(),
  /** The sender; null once their account is deleted. */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The browser it came from (its User-Agent header, cut at 300 characters). */
  userAgent: z.string().nullable(),
  errorLog: z.array(FeedbackErrorEntry).nullable(),
  at: z.iso.datetime(),
  /** When an administrator marked it read; null while unread. */
  readAt: z.iso.datetime().nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedback>;

/** GET /admin/feedback: newest first, paged; `unread=true` only the unread ones, `false` the read. */
export const AdminFeedbackQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type AdminFeedbackQuery = z.input<typeof AdminFeedbackQuery>;

/** The page, with how many are unread in all (whatever the filter). */
export const AdminFeedbackPage = pageOf(AdminFeedback).extend({ unread: z.number() });
export type AdminFeedbackPage = z.infer<typeof AdminFeedbackPage>;

export const FeedbackParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** PATCH /admin/feedback/:id: mark it read or unread. */
export const FeedbackPatch = z.strictObject({ read: z.boolean() });
export type FeedbackPatch = z.input<typeof FeedbackPatch>;
