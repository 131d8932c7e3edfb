/**
 * The monitoring page's equipment tree as the benchmark sees it: rows by their ARIA role
 * (`treeitem`), which both antd's tree and a hand-made virtual list are to carry.
 */
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../packages/web/e2e/harness.js';
import { untilSet } from './session.js';

/** WEB_TREE_TIMEOUT_MS: how long a load may take before the run is failed (default 180 s). */
const TREE_TIMEOUT_MS = Number(process.env.WEB_TREE_TIMEOUT_MS?.trim() || 180_000);

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
  // Noted in the page by probes.ts at the first frame with a row, read from here.
  const drawnAt = await untilSet<number>(page, 'window.__bench.treeDrawnAt', TREE_TIMEOUT_MS);
  await page.evaluate(ARM_CLICK);
  const leaf = page.locator('[role="treeitem"]:not([aria-expanded])');
  const row = (await leaf.count()) > 0 ? leaf.first() : page.locator('[role="treeitem"]').nth(1);
  await row.click({ timeout: TREE_TIMEOUT_MS });
  const interactiveAt = await untilSet<number>(page, 'window.__bench.clickHandledAt', TREE_TIMEOUT_MS);
  return { drawnAt, interactiveAt };
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
