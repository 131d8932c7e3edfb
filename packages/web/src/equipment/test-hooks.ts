/**
 * The hooks the component tests of a device's areas share (the configure tabs, Sharing,
 * Sub-devices, /baseConfig): the console in English before each test, and after each the test's
 * fetch mocks restored, the page cleaned up and the equipment store emptied.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { setLanguage } from '../i18n';
import { mockFetch } from '../session/test-support';
import type { RecordedRequest, Routes } from '../session/test-support';
import { installDomStubs } from '../shell/test-support';
import { resetEquipment } from './loading';

export interface FetchMock {
  readonly calls: RecordedRequest[];
  readonly restore: () => void;
}

export function setUpDeviceTests({
  domStubs = true,
  after,
}: {
  /** What jsdom lacks for antd's pop-ups (shell/test-support.ts), installed once. */
  readonly domStubs?: boolean;
  /** More to undo after each test, once the page is cleaned up. */
  readonly after?: () => void;
} = {}): {
  /** `mockFetch(routes)`, restored after the test. */
  readonly serve: (routes: Routes) => FetchMock;
} {
  const mocks: FetchMock[] = [];
  if (domStubs) beforeAll(installDomStubs);
  beforeEach(() => setLanguage('en'));
  afterEach(() => {
    for (const mock of mocks.splice(0).reverse()) mock.restore();
    cleanup();
    after?.();
    resetEquipment();
  });
  return {
    serve: (routes) => {
      const mock = mockFetch(routes);
      mocks.push(mock);
      return mock;
    },
  };
}
