/**
 * The Sharing tab's tests: codes, grants and permissions shaped like the server's, the tab drawn
 * with the providers it needs, and the buttons of antd's confirmations.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import type { Grant, ShareCode, ShareCodeEntry } from '../../api/sharing';
import { permissionLevel } from '@fieldlink/protocol';
import {
  sampleGrantItem,
  sampleShareCodeCreated,
  sampleShareCodeItem,
} from '../../../../protocol/src/test-support/sharing';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { useMe } from '../../session/me';
import { sampleMe } from '../../session/test-support';
import { renderPage } from '../auth/test-render';
import SharingTab from './SharingTab';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
export const SLOW = { timeout: 8000 };

export const CODE = '7K2M9XQ4T0BHN3RVC8WZ5EJDPA';

export function createdCode(overrides: Partial<ShareCode> = {}): ShareCode {
  return sampleShareCodeCreated({
    id: 12,
    code: CODE,
    url: `http://localhost/#/share?code=${CODE}`,
    expiresAt: '2026-01-12T08:00:00.000Z',
    level: 'operate',
    maxCount: 2,
    ...overrides,
  });
}

/** Codes and grants that run until 2099, so none has expired by the clock. */
const FAR_END = '2099-01-12T08:00:00.000Z';

export function codeEntry(overrides: Partial<ShareCodeEntry> = {}): ShareCodeEntry {
  return sampleShareCodeItem({ expiresAt: FAR_END, ...overrides });
}

export function grantEntry(overrides: Partial<Grant> = {}): Grant {
  return sampleGrantItem({ expiresAt: FAR_END, ...overrides });
}

export const OWNER: Permission = sampleRecord().permission;

/** A grantee's permission: the rights, and until when (null for a permanent share). */
export function granteePermission(
  rights: { operate?: boolean; edit?: boolean; delete?: boolean; camera?: boolean },
  until: string | null = '2099-02-01T00:00:00.000Z',
): Permission {
  const flags = {
    read: true,
    operate: rights.operate ?? false,
    edit: rights.edit ?? false,
    delete: rights.delete ?? false,
    camera: rights.camera ?? false,
  };
  const { read, edit } = flags;
  return { ...permissionLevel(flags), read, edit, delete: flags.delete, owner: false, until };
}

/** The Sharing tab of a relay board (or of a host), for a user of this authority (7, alice). */
export function renderTab(
  permission: Permission,
  {
    authority = 4,
    host = false,
    record: more = {},
  }: { authority?: number; host?: boolean; record?: Partial<Equipment> } = {},
) {
  const type = host ? 'FL-JYTeam001' : 'FL-R8';
  const record = sampleRecord({ id: 4, type, name: 'Pump house', permission, ...more });
  useMe.setState({ me: sampleMe({ authority }) });
  seedEquipment({
    types: { [type]: { ...sampleType(type), hostRole: host ? 'team' : null } },
    records: [record],
  });
  return renderPage(<SharingTab record={record} />, { path: '/Equips', route: '/Equips' });
}

/** The open confirmation's button showing `text` (not the button that opened it). */
export async function confirmWith(text: string | RegExp): Promise<void> {
  const popover = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')].at(-1);
    expect(open).toBeTruthy();
    return open!;
  }, SLOW);
  const button = [...popover.querySelectorAll('button')].find((b) =>
    typeof text === 'string'
      ? b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, '')
      : text.test(b.textContent ?? ''),
  );
  if (!button) throw new Error(`no button ${String(text)} in the confirmation`);
  fireEvent.click(button);
}

/** The message antd shows (success or error) with this text. */
export async function findMessage(text: string | RegExp): Promise<HTMLElement> {
  return screen.findByText(text, {}, SLOW);
}
