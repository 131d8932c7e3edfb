/**
 * Scripts the web benchmark puts into the page. They are plain JavaScript text, not functions
 * handed to page.evaluate: tsx compiles this file with names kept, which wraps nested functions in
 * a helper the page does not have.
 *
 * - `__bench.longTasks`: every long task (over 50 ms, the browser's own threshold) since the page
 *   began, from a PerformanceObserver of type 'longtask' that is installed before any script runs.
 * - `__bench.treeDrawnAt`: the page time of the first frame with a tree row drawn (null before).
 * - `__bench.frames(ms)`: the times between animation frames over `ms`.
 * - `__bench.feed`: pushes PushInfo messages into the console's own live socket (see
 *   web.bench.ts for why here rather than from the server).
 */

/** Installed with addInitScript: runs before the page's own scripts in every document. */
export const INIT_SCRIPT = `(() => {
  const bench = { longTasks: [], sockets: [] };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    bench.longTaskError = String(e);
  }

  // The first frame with a tree row drawn (page time), watched from here: the console's CSP
  // refuses the string predicates of Playwright's waitForFunction.
  bench.treeDrawnAt = null;
  const watchTree = () => {
    if (document.querySelector('[role="treeitem"]')) bench.treeDrawnAt = performance.now();
    else requestAnimationFrame(watchTree);
  };
  requestAnimationFrame(watchTree);

  // The console's live socket, kept so the feed can hand it messages as if the server sent them.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (/\\/ws$/.test(String(url))) bench.sockets.push(this);
    }
  };

  bench.liveSocket = () => {
    for (let i = bench.sockets.length - 1; i >= 0; i--) {
      if (bench.sockets[i].readyState === 1) return bench.sockets[i];
    }
    return null;
  };

  bench.frames = (ms) => new Promise((resolve) => {
    const deltas = [];
    let last = performance.now();
    const end = last + ms;
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(step);
      else resolve(deltas);
    };
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(step); });
  });

  // Every period, one PushInfo per serial with its outputs, inputs, all its AI values (raw
  // register values walking through 0..65535) and its battery level changed, dispatched on the live socket as server messages are: each in a
  // task of its own, as a socket delivers them.
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    const socket = bench.liveSocket();
    if (socket) socket.dispatchEvent(new MessageEvent('message', { data: event.data }));
  };
  bench.feed = {
    timer: null, ticks: 0, messages: 0, late: 0, skipped: 0,
    start(serials, aiCount, periodMs) {
      const feed = bench.feed;
      feed.ticks = 0; feed.messages = 0; feed.late = 0; feed.skipped = 0;
      let due = performance.now() + periodMs;
      feed.timer = setInterval(() => {
        const now = performance.now();
        if (now - due > periodMs / 2) feed.late++;
        due += periodMs;
        const socket = bench.liveSocket();
        if (!socket) { feed.skipped++; return; }
        feed.ticks++;
        for (let i = 0; i < serials.length; i++) {
          const base = (feed.ticks * 37 + i * 101) % 60000;
          const regai = [];
          for (let c = 0; c < aiCount; c++) regai.push((base + c * 997) % 65536);
          // Outputs and inputs change too: a group's table shows every channel.
          const regdo = [(base * 7) & 255];
          const regdi = [(base * 13 + 5) & 255];
          const data = JSON.stringify({ infotype: 'PushInfo', info: { SN: serials[i], regdo, regdi, regai, SOC: base % 101, IsOnline: true } });
          channel.port2.postMessage(data);
          feed.messages++;
        }
      }, periodMs);
    },
    stop() {
      clearInterval(bench.feed.timer);
      bench.feed.timer = null;
      const { ticks, messages, late, skipped } = bench.feed;
      return { ticks, messages, late, skipped };
    },
  };
})();`;

/**
 * How many live values are drawn inside the window now: the group table's channels and battery
 * levels, the tree's battery levels and the selected device's values.
 */
export const VISIBLE_VALUES = `(() => {
  const h = window.innerHeight, w = window.innerWidth;
  let n = 0;
  for (const e of document.querySelectorAll('.group-table [data-channel], .tree-soc, [data-testid^="value-"]')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < h && r.right > 0 && r.left < w) n++;
  }
  return n;
})()`;

/** The long tasks so far, as `{ start, duration }` (ms). */
export const LONG_TASKS = 'window.__bench.longTasks.slice()';

/** The resources the page loaded, with their sizes on the wire and decoded. */
export const RESOURCES = `performance.getEntriesByType('resource').map((e) => ({
  name: e.name, initiatorType: e.initiatorType, transferSize: e.transferSize,
  encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize,
  start: e.startTime, end: e.responseEnd,
}))`;

/** The navigation's own timings (ms from its start). */
export const NAVIGATION = `(() => {
  const n = performance.getEntriesByType('navigation')[0];
  return n ? { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd, transferSize: n.transferSize } : null;
})()`;
