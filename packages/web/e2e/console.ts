/**
 * The console's pages as the browser tests see them: the few selectors every flow needs, in one
 * place. They go by role and accessible name (labels, placeholders, button texts) in English, the
 * language the test contexts start in (harness.ts, newConsoleContext).
 */
import type { Locator, Page } from 'playwright-core';

/** The path after '#' (the console's hash router), without its query. */
export function routePath(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

/** The query after the hash route, e.g. the `redirect` of /login. */
export function routeQuery(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

/** Resolves once the hash route is `path` (polled; the router replaces without a load event). */
export async function waitForRoute(page: Page, path: string | RegExp, timeoutMs = 30_000): Promise<void> {
  const matches = (p: string): boolean => (typeof path === 'string' ? p === path : path.test(p));
  const deadline = Date.now() + timeoutMs;
  while (!matches(routePath(page))) {
    if (Date.now() > deadline) {
      throw new Error(`the console stayed at #${routePath(page)}, expected #${String(path)}`);
    }
    await page.waitForTimeout(100);
  }
}

export const loginForm = {
  userName: (page: Page): Locator => page.getByRole('textbox', { name: /user ?name|account/i }),
  password: (page: Page): Locator =>
    page
      .getByLabel(/password/i)
      .or(page.getByPlaceholder(/password/i))
      .first(),
  submit: (page: Page): Locator => page.getByRole('button', { name: /sign in|log ?in/i }),
};

/** Fills the sign-in form and submits it; the caller waits for where it should land. */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await loginForm.userName(page).fill(userName);
  await loginForm.password(page).fill(password);
  await loginForm.submit(page).click();
}

/** Opens the console signed out, signs the demo account in and waits for the monitoring tree. */
export async function signInToMonitoring(
  page: Page,
  origin: string,
  userName: string,
  password: string,
): Promise<void> {
  await page.goto(`${origin}/`);
  await waitForRoute(page, '/login');
  await signIn(page, userName, password);
  await waitForRoute(page, '/Equips');
  await treeRow(page, /Demo relay board/).waitFor();
}

/**
 * Opens the header's language menu through its button (named in the language shown, e.g.
 * 'Language' or '语言') and picks the language `name` ('简体中文', '繁體中文', 'English').
 */
export async function chooseLanguage(page: Page, button: string, name: string): Promise<void> {
  const lang = PAGE_LANG[name];
  if (!lang) throw new Error(`no language called ${name}`);
  for (let attempt = 1; ; attempt += 1) {
    // A menu that closes before the click (the page under it re-rendering) is opened again.
    // The button as named in the language shown now: the account's language, applied at sign-in,
    // may arrive (its texts loaded) after the caller read the page's.
    await page
      .getByRole('button', { name: new RegExp(`^(${[button, ...LANGUAGE_BUTTONS].join('|')})$`) })
      .click({ timeout: 10_000 })
      .then(() => page.getByRole('menuitem', { name }).click({ timeout: 5_000 }))
      .catch(() => undefined);
    // The page's lang follows the language once the console has switched.
    const switched = await page
      .waitForFunction((want) => document.documentElement.lang === want, lang, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (switched) return;
    if (attempt === 3) throw new Error(`the console did not switch to ${name}`);
    await page.keyboard.press('Escape');
  }
}

/** The header's language button in each language. */
const LANGUAGE_BUTTONS = ['Language', '语言', '語言'];

/** The `lang` of the page in each language of the menu. */
const PAGE_LANG: Readonly<Record<string, string>> = {
  简体中文: 'zh-CN',
  繁體中文: 'zh-TW',
  English: 'en',
};

/** A row of the equipment tree by its text (name, and the badges drawn beside it). */
export function treeRow(page: Page, name: string | RegExp): Locator {
  return page.getByRole('treeitem', { name }).first();
}

/** The AI value shown in the selected device's panel, e.g. `aiValue(page, 'AI1')`. */
export function aiValue(page: Page, passage: string): Locator {
  return page.getByTestId(`value-${passage}`);
}

/** Polls `read` until it gives something other than `before`; returns it. */
export async function waitForChange<T>(read: () => Promise<T>, before: T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await read();
    if (now !== before) return now;
    if (Date.now() > deadline) throw new Error(`still ${String(before)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Clicks `button` and waits until the server has answered the PATCH of an equipment it sends and
 * the console has said `notice`. Waiting for the reply, not for the notice alone, keeps a notice
 * still shown from an earlier save in the same test from passing for this one.
 */
export async function saveEquipment(page: Page, button: Locator, notice: string): Promise<void> {
  const reply = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/v1\/equipment\/\d+$/.test(new URL(r.url()).pathname),
  );
  await button.click();
  const answered = await reply;
  if (!answered.ok()) throw new Error(`the save was answered ${answered.status()}: ${await answered.text()}`);
  await page.getByText(notice).last().waitFor();
}
