/** Small display helpers of the monitoring page. */
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
export type PanelParam = Pick<BasicParam, 'en_openall' | 'en_closeall' | 'en_oprall_Confirm' | 'en_opr_sec'>;

export const DEFAULT_PANEL_PARAM: PanelParam = {
  en_openall: true,
  en_closeall: true,
  en_oprall_Confirm: true,
  en_opr_sec: false,
};

export function panelParam(me: Me | null): PanelParam {
  return me ? { ...DEFAULT_PANEL_PARAM, ...pick(me.param) } : DEFAULT_PANEL_PARAM;
}

function pick(p: BasicParam): PanelParam {
  return {
    en_openall: p.en_openall,
    en_closeall: p.en_closeall,
    en_oprall_Confirm: p.en_oprall_Confirm,
    en_opr_sec: p.en_opr_sec,
  };
}
