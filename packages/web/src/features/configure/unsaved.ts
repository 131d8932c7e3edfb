/**
 * Unsaved changes in a device's forms: a form says it is dirty while it has changes not yet saved
 * (`useUnsavedChanges`), and whatever would leave it (another tab, another device, another page, a
 * reload) asks first (`confirmDiscard`, and the browser's own prompt before unload).
 */
import { Modal } from 'antd';
import { useEffect, useId } from 'react';
import { i18n } from '../../i18n';

const dirty = new Set<string>();

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

/** Marks the calling form dirty while `isDirty` (and clean when it unmounts). */
export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return undefined;
    dirty.add(id);
    update();
    return () => {
      dirty.delete(id);
      update();
    };
  }, [id, isDirty]);
}

/** Forgets every unsaved change (after the user chose to discard them). */
export function discardUnsavedChanges(): void {
  dirty.clear();
  update();
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
