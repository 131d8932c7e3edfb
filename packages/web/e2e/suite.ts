/**
 * One browser suite's console, for vitest: `useConsole()` called in a describe starts the console
 * (built, served on a free port, Chromium open) in a beforeAll and, in an afterAll, closes every
 * browser profile opened through it and stops it. Its getters read what it started; they throw
 * before the beforeAll has run, so read them in hooks and tests (and do not destructure them).
 *
 * Kept apart from harness.ts, which the benchmarks import outside vitest.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiSignIn } from './api.js';
import type { ApiSession } from './api.js';
import { signInToMonitoring } from './console.js';
import type { ConsoleRun, RunningServer, ServerOptions } from './harness.js';
import {
  DEMO_PASSWORD,
  DEMO_USER,
  newConsoleContext,
  SETUP_TIMEOUT_MS,
  startConsole,
  stopConsole,
} from './harness.js';

export interface ConsoleSuiteOptions extends ServerOptions {
  /**
   * Also print each page's uncaught errors and console errors to the test output (they are
   * collected in `pageErrors` either way), for a failure's story.
   */
  readonly echoErrors?: boolean;
}

export interface ConsoleSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's http://127.0.0.1:<port>. */
  readonly origin: string;
  /** The uncaught errors of every page opened with `newPage` (a suite that checks expects none). */
  readonly pageErrors: string[];
  /** A fresh browser profile (newConsoleContext), closed with the suite. */
  newContext(options?: { readonly language?: string; readonly timezoneId?: string }): Promise<BrowserContext>;
  /** A page of a fresh profile, signed out, its uncaught errors collected in `pageErrors`. */
  newPage(options?: { readonly language?: string; readonly timezoneId?: string }): Promise<Page>;
  /** Signs the demo account in on `page` (signed out) and waits for the monitoring tree. */
  signInDemo(page: Page): Promise<void>;
  /** `newPage()` with the demo account signed in on the monitoring page, its tree shown. */
  demoPage(): Promise<Page>;
  /** A new session of the demo account on the REST API. */
  demoApi(): Promise<ApiSession>;
}

export function useConsole(options: ConsoleSuiteOptions = {}): ConsoleSuite {
  const { echoErrors = false, ...serverOptions } = options;
  let run: ConsoleRun | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const started = (): ConsoleRun => {
    if (!run) throw new Error('the console is not started (useConsole: read it in a hook or a test)');
    return run;
  };

  beforeAll(async () => {
    run = await startConsole(serverOptions);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    await stopConsole(run);
  }, 60_000);

  const suite: ConsoleSuite = {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get origin() {
      return started().server.origin;
    },
    pageErrors,
    async newContext(contextOptions = {}) {
      const context = await newConsoleContext(started().browser, contextOptions);
      contexts.push(context);
      return context;
    },
    async newPage(pageOptions = {}) {
      const page = await (await suite.newContext(pageOptions)).newPage();
      page.on('pageerror', (error) => {
        pageErrors.push(error.message);
        if (echoErrors) console.error('pageerror', error.message);
      });
      if (echoErrors) {
        page.on('console', (message) => {
          if (message.type() === 'error') console.error('console', message.text());
        });
      }
      return page;
    },
    signInDemo: (page) => signInToMonitoring(page, suite.origin, DEMO_USER, DEMO_PASSWORD),
    async demoPage() {
      const page = await suite.newPage();
      await suite.signInDemo(page);
      return page;
    },
    demoApi: () => apiSignIn(suite.origin, DEMO_USER, DEMO_PASSWORD),
  };
  return suite;
}
