/**
 * The monitoring page's equipment tree as the benchmark sees it: rows by their ARIA role
 * (`treeitem`), which both antd's tree and a hand-made virtual list are to carry.
 */
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../packages/web/e2e/harness.js';

/** WEB_TREE_TIMEOUT_MS: how long a load may take before the run is failed (default 180 s). */
const TREE_TIMEOUT_MS = Number(process.env.WEB_TREE_TIMEOUT_MS?.trim() || 180_000);

/** Page time (ms since navigation start) of the first frame with a tree row drawn, or null. */
const TREE_DRAWN = `(() => document.querySelector('[role="treeitem"]') ? performance.now() : null)()`;

/**
 * Arms a listener that notes the first frame after a click was handled: it runs at the window,
 * after the console's own handlers, so a page whose main thread is still busy answers late.
 */
const ARM_CLICK = `(() => {
  window.__bench.clickHandledAt = null;
  window.addEventListener('click', () => {
    requestAnimationFrame(() => setTimeout(() => { window.__bench.clickHandledAt = performance.now(); }, 0));
  }, { once: true });
})()`;

export interface TreeOpening {
  /** Navigation start to the first tree row drawn (ms). */
  readonly drawnAt: number;
  /** Navigation start to a click on a device row handled and drawn (ms). */
  readonly interactiveAt: number;
}

/** Waits for the tree, then clicks a device row (a leaf, else any row) and waits for it to be handled. */
export async function openTree(page: Page): Promise<TreeOpening> {
  const drawn = await page.waitForFunction(TREE_DRAWN, undefined, {
    polling: 'raf',
    timeout: TREE_TIMEOUT_MS,
  });
  const drawnAt = (await drawn.jsonValue()) as number;
  await page.evaluate(ARM_CLICK);
  const leaf = page.locator('[role="treeitem"]:not([aria-expanded])');
  const row = (await leaf.count()) > 0 ? leaf.first() : page.locator('[role="treeitem"]').nth(1);
  await row.click({ timeout: TREE_TIMEOUT_MS });
  const handled = await page.waitForFunction('window.__bench.clickHandledAt', undefined, {
    polling: 'raf',
    timeout: TREE_TIMEOUT_MS,
  });
  return { drawnAt, interactiveAt: (await handled.jsonValue()) as number };
}

interface TreeNode {
  readonly unid: string;
  readonly children: readonly TreeNode[];
}

/** The unit ids of the first `count` devices in the tree's order (groups first, as drawn). */
export async function treeSerials(server: RunningServer, token: string, count: number): Promise<string[]> {
  const reply = await fetch(`${server.origin}/api/v1/equipment/tree`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!reply.ok) throw new Error(`GET /equipment/tree: ${reply.status}`);
  const tree = (await reply.json()) as { groups: { children: TreeNode[] }[]; devices: TreeNode[] };
  const serials: string[] = [];
  const visit = (nodes: readonly TreeNode[]): void => {
    for (const node of nodes) {
      if (serials.length >= count) return;
      serials.push(node.unid);
      visit(node.children);
    }
  };
  for (const group of tree.groups) visit(group.children);
  visit(tree.devices);
  return serials;
}
