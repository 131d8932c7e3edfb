/**
 * Unsaved changes in a device's forms: a form says it is dirty while it has changes not yet saved
 * (`useUnsavedChanges`), and whatever would leave it (another tab, another device, another page, a
 * reload) asks first (`confirmDiscard`, and the browser's own prompt before unload).
 */
import { Modal } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../../i18n';
import { useSession } from '../../session/store';

const dirty = new Set<string>();
/** What each dirty form does when its changes are discarded (a kept, cached view shows them no more). */
const discards = new Map<string, () => void>();

function beforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

function update(): void {
  if (dirty.size > 0) window.addEventListener('beforeunload', beforeUnload);
  else window.removeEventListener('beforeunload', beforeUnload);
}

/** Whether any form holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/**
 * Marks the calling form dirty while `isDirty` (and clean when it unmounts). `onDiscard` puts the
 * form back to what is stored when the user chose to discard (the page may stay mounted, cached).
 */
export function useUnsavedChanges(isDirty: boolean, onDiscard?: () => void): void {
  const id = useId();
  const discard = useRef(onDiscard);
  discard.current = onDiscard;
  useEffect(() => {
    if (!isDirty) return undefined;
    dirty.add(id);
    discards.set(id, () => discard.current?.());
    update();
    return () => {
      dirty.delete(id);
      discards.delete(id);
      update();
    };
  }, [id, isDirty]);
}

/** Forgets every unsaved change (after the user chose to discard them); the forms go back. */
export function discardUnsavedChanges(): void {
  const resets = [...discards.values()];
  dirty.clear();
  discards.clear();
  update();
  for (const reset of resets) reset();
}

/** Resolves true when there is nothing unsaved, or the user chose to discard it. */
export function confirmDiscard(): Promise<boolean> {
  if (dirty.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    Modal.confirm({
      title: i18n.t('configure.unsaved.title'),
      content: i18n.t('configure.unsaved.content'),
      okText: i18n.t('configure.unsaved.discard'),
      cancelText: i18n.t('configure.unsaved.stay'),
      okButtonProps: { danger: true },
      onOk: () => {
        discardUnsavedChanges();
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Leaving the page by route (menu, tabs, header search, a view's refresh) while a form holds
 * unsaved changes asks first, through react-router's blocker; only the page shown can have been
 * edited, so any change of path leaves it. Not when signed out: the session has already ended.
 */
export function useLeaveGuard(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.size > 0 &&
      useSession.getState().accessToken !== null &&
      currentLocation.pathname.toLowerCase() !== nextLocation.pathname.toLowerCase(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}
