/**
 * A device named in a page's own address (`?id=<equipment id>`: the map's pop-ups, the header
 * search, shared links) is the user's choice, so it becomes the selected device: the equipment
 * store's `selectedId`, the console's one selection, which the monitoring page, history and the
 * device configuration pages show and the live channel watches.
 *
 * - It is taken once the tree is in, and once per visit to the page: a later choice in the page is
 *   not undone by a reload of the tree, and coming back to the page by its tab or the menu (which
 *   carry no query) keeps the selection as it is.
 * - Only while the page is shown: a cached page hidden behind another never reads that page's
 *   address (shell/views/page-params.ts), so no other page's query moves the selection.
 * - An id not in the user's tree is said (`That equipment is not in your list.`) and selects
 *   nothing.
 *
 * A page that `mirror`s writes the device it shows into its own address while shown (replacing the
 * entry), so a reload or a copied address opens that device again; it writes nowhere else.
 */
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirectory } from '../../equipment/directory';
import { DEVICE_PARAM } from '../../equipment/links';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import { usePageParams, usePageVisit } from '../../shell/views/page-params';
import { useViewShown } from '../../shell/views/shown';

export interface DeviceInAddressOptions {
  /** The device the page shows, written into its address while shown (absent: nothing written). */
  readonly mirror?: number | null;
}

/**
 * Selects the device the page's address names through `select` (see above). Returns that device
 * while its selection is still to come (the render before the effect), so a page can draw it
 * rather than the previous selection for a moment; null otherwise.
 */
export function useDeviceInAddress(
  select: (id: number) => void,
  options: DeviceInAddressOptions = {},
): number | null {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { status } = useEquipmentLoaded();
  const entries = useDirectory((d) => d.entries);
  const shown = useViewShown();
  const visit = usePageVisit();
  const [params, setParams] = usePageParams();
  const asked = params.get(DEVICE_PARAM);
  const handled = useRef<string | null>(null);
  // The query this page last wrote itself: the visit its write makes is not a user's choice.
  const written = useRef<string | null>(null);
  const { mirror } = options;

  useEffect(() => {
    if (!shown || status !== 'ready') return;
    if (handled.current !== visit) {
      handled.current = visit;
      const own = asked !== null && asked === written.current;
      written.current = null;
      if (asked !== null && !own) {
        const id = askedId(asked, entries);
        if (id !== null) {
          select(id);
          // The next render (the selection moved) writes the address if it must.
          return;
        }
        void message.warning(t('monitoring.device.notFound'));
      }
    }
    if (mirror !== undefined && mirror !== null && asked !== String(mirror)) {
      const next = new URLSearchParams(params);
      next.set(DEVICE_PARAM, String(mirror));
      written.current = String(mirror);
      setParams(next, { replace: true });
    }
  }, [shown, status, visit, asked, entries, select, mirror, params, setParams, message, t]);

  const waiting = shown && status === 'ready' && handled.current !== visit;
  return waiting && asked !== null && asked !== written.current ? askedId(asked, entries) : null;
}

/** The id `asked` names when it is a device of the user's tree, else null. */
function askedId(asked: string, entries: Readonly<Record<number, unknown>>): number | null {
  const id = Number(asked);
  return asked.trim() !== '' && Number.isSafeInteger(id) && entries[id] !== undefined ? id : null;
}
