/**
 * Redeeming a share code, shared by the /share page and the tree's toolbar button: the field's
 * rule (the server's written form, from the contract), the server's refusals as texts, and the
 * hook that redeems, reloads the tree and selects the new device.
 */
import { canonicalShareCode } from '@fieldlink/protocol';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { redeemShareCode } from '../../api/sharing';
import type { Redeemed } from '../../api/sharing';
import { directory } from '../../equipment/directory';
import { loadEquipment } from '../../equipment/loading';
import { describeError } from '../auth/errors';
import type { MessageKey } from '../../i18n';
import { formatTime } from '../../time/zone';

/** The i18n key of what is wrong with a typed code, or null when it may be sent. */
export function codeProblem(value: string | undefined): MessageKey | null {
  if (!value?.trim()) return 'sharing.errors.empty';
  return canonicalShareCode(value) === null ? 'sharing.errors.format' : null;
}

/** A wait in seconds as a count of the unit a person says it in (as the server words it). */
function readableWait(seconds: number): { count: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { count: seconds, unit: 'second' };
  if (seconds < 120 * 60) return { count: Math.ceil(seconds / 60), unit: 'minute' };
  return { count: Math.ceil(seconds / 3600), unit: 'hour' };
}

/** What to tell the user when the server refused the code. */
export function redeemErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return t('sharing.errors.format');
    if (error.status === 404) return t('sharing.errors.invalid');
    if (error.status === 409) return t('sharing.errors.own');
    if (error.status === 429) {
      // The wait comes in Retry-After: said in the user's language.
      if (error.retryAfterSeconds === null) return t('sharing.errors.tooManyLater');
      const { count, unit } = readableWait(error.retryAfterSeconds);
      return t('sharing.errors.tooMany', { wait: t(`sharing.wait.${unit}`, { count }) });
    }
  }
  return describeError(error, t);
}

/** The success message: which device, with which tier (and until when). */
export function redeemedText(redeemed: Redeemed, t: TFunction): string {
  const entry = directory().entries[redeemed.equipmentId];
  const name = entry?.name ?? `#${redeemed.equipmentId}`;
  const serial = entry?.unid ?? '';
  const tier = t(`sharing.tiers.${redeemed.level}`);
  const what = t(redeemed.camera ? 'sharing.redeem.succeededWithCamera' : 'sharing.redeem.succeeded', {
    name,
    serial,
    tier,
  });
  const until = redeemed.expiresAt
    ? t('sharing.redeem.until', { time: formatTime(redeemed.expiresAt) })
    : t('sharing.redeem.permanent');
  return t('sharing.redeem.joined', { what, until });
}

export interface RedeemState {
  readonly busy: boolean;
  /** The last refusal, as a text; null before a try and after a success. */
  readonly error: string | null;
  /** Redeems the code; true when it worked (the console is then on the new device). */
  readonly redeem: (code: string) => Promise<boolean>;
  readonly clearError: () => void;
}

/**
 * Redeem, then reload the tree (the new device is in it only after) and open /Equips on the
 * device, which selects it. A refusal is kept for the form to show; the code stays typed.
 */
export function useRedeem(): RedeemState {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const redeem = async (code: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const redeemed = await redeemShareCode(code.trim());
      await loadEquipment();
      void message.success(redeemedText(redeemed, t), 6);
      void navigate(`/Equips?id=${redeemed.equipmentId}`);
      return true;
    } catch (failure) {
      setError(redeemErrorText(failure, t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, redeem, clearError: () => setError(null) };
}
