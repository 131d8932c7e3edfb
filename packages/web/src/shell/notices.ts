/**
 * The header's notification popover (§2): notices and e-mails any part of the console pushes;
 * clear-all empties the list and the badge.
 */
import { create } from 'zustand';

export type NoticeKind = 'notice' | 'email';

export interface Notice {
  readonly kind: NoticeKind;
  readonly title: string;
  readonly text: string;
  /** Epoch ms. */
  readonly at: number;
}

/** §9: lists hold at most 100 history entries; older notices drop out. */
export const MAX_NOTICES = 100;

interface NoticeState {
  readonly notices: readonly Notice[];
}

export const useNotices = create<NoticeState>()(() => ({ notices: [] }));

/** Newest first. */
export function pushNotice(notice: Notice): void {
  useNotices.setState((s) => ({ notices: [notice, ...s.notices].slice(0, MAX_NOTICES) }));
}

export function clearNotices(): void {
  useNotices.setState({ notices: [] });
}
