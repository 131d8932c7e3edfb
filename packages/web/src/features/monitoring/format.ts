/** Small display helpers of the monitoring page. */
import { PARAM_DEFAULTS } from '@fieldlink/protocol';
import type { Lang } from '@fieldlink/protocol';
import type { BasicParam, Me } from '../../session/me';

export function langOf(language: string | undefined): Lang {
  return language === 'en' || language === 'tc' ? language : 'zh';
}

/** A scaled value as shown: at most three decimals, no trailing zeros. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}

/** The user's console settings that the panels obey; the server's defaults until /me arrives. */
export type PanelParam = Pick<
  BasicParam,
  'openAllButton' | 'closeAllButton' | 'confirmOpenCloseAll' | 'confirmOperations'
>;

export const DEFAULT_PANEL_PARAM: PanelParam = pick(PARAM_DEFAULTS);

export function panelParam(me: Me | null): PanelParam {
  return me ? { ...DEFAULT_PANEL_PARAM, ...pick(me.param) } : DEFAULT_PANEL_PARAM;
}

function pick(p: BasicParam): PanelParam {
  return {
    openAllButton: p.openAllButton,
    closeAllButton: p.closeAllButton,
    confirmOpenCloseAll: p.confirmOpenCloseAll,
    confirmOperations: p.confirmOperations,
  };
}
