/**
 * The REST API beside the browser: what a test checks or arranges behind the console's back (the
 * simulated device's own state, alarm limits), as the same demo account.
 */
import type { RunningServer } from './harness.js';
import { loggedCode } from './harness.js';

export interface ApiSession {
  readonly origin: string;
  readonly token: string;
}

export async function apiSignIn(origin: string, userName: string, password: string): Promise<ApiSession> {
  const reply = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!reply.ok) throw new Error(`sign-in: ${reply.status} ${await reply.text()}`);
  const { accessToken } = (await reply.json()) as { accessToken: string };
  return { origin, token: accessToken };
}

/**
 * Registers a new account with the code the server logged for its phone (the server needs
 * LOG_LEVEL=info, see `loggedCode`) and signs it in.
 */
export async function registerAccount(
  server: RunningServer,
  account: { readonly userName: string; readonly password: string; readonly phone: string },
): Promise<ApiSession> {
  const { userName, password, phone } = account;
  const sent = await fetch(`${server.origin}/api/v1/auth/verification-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, purpose: 'register' }),
  });
  if (!sent.ok) throw new Error(`verification code: ${sent.status} ${await sent.text()}`);
  const code = await loggedCode(server, phone);
  const registered = await fetch(`${server.origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, phone, code }),
  });
  if (registered.status !== 201) {
    // A server error's cause is in its log, not in the reply: name it in the failure.
    const logged = registered.status >= 500 ? serverErrors(server) : '';
    throw new Error(`register: ${registered.status} ${await registered.text()}${logged}`);
  }
  const session = await apiSignIn(server.origin, userName, password);
  // The first-sign-in call, as the console's welcome would make it: the tests drive the console
  // past sign-in and the welcome dialog would stand in their way.
  await api(session, 'POST', '/me/first-sign-in', { authority: 4 });
  return session;
}

export async function api<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${session.origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface TreeNode {
  readonly id: number;
  readonly unid: string;
  readonly children: readonly TreeNode[];
}

/** The equipment id of a unit id (serial number), from the caller's tree. */
export async function equipmentId(session: ApiSession, unid: string): Promise<number> {
  const tree = await api<{ groups: { children: TreeNode[] }[]; devices: TreeNode[] }>(
    session,
    'GET',
    '/equipment/tree',
  );
  const all: TreeNode[] = [];
  const visit = (nodes: readonly TreeNode[]): void => {
    for (const node of nodes) {
      all.push(node);
      visit(node.children);
    }
  };
  for (const group of tree.groups) visit(group.children);
  visit(tree.devices);
  const found = all.find((n) => n.unid === unid);
  if (!found) throw new Error(`${unid} is not in the tree`);
  return found.id;
}

/** The device's relay states as it reports them now (a Modbus read over its link, `rdo`). */
export async function readRelays(session: ApiSession, id: number, count: number): Promise<boolean[]> {
  const reply = await api<{ response: { values?: boolean[] } | null }>(
    session,
    'POST',
    `/equipment/${id}/operations`,
    {
      opr: 'rdo',
      regstart: 0,
      regnum: count,
    },
  );
  const values = reply.response?.values;
  if (!values) throw new Error(`rdo gave no values: ${JSON.stringify(reply)}`);
  return values.slice(0, count);
}

/**
 * Runs `during` while the first AI of a meter (a sub-device: its settings are read at every poll,
 * so new limits count at once) is in alarm: its limits are moved far above any reading, then put
 * back. Its L1 voltage (about 230 V) is then below the lower one (999999).
 */
export async function withMeterAlarm(
  session: ApiSession,
  id: number,
  during: () => Promise<void>,
): Promise<void> {
  const record = await api<{ settings: { ai: { alarmHigh: number[]; alarmLow: number[] } } }>(
    session,
    'GET',
    `/equipment/${id}`,
  );
  const { alarmHigh, alarmLow } = record.settings.ai;
  await api(session, 'PATCH', `/equipment/${id}`, {
    settings: {
      ai: {
        alarmLow: alarmLow.map((v, i) => (i === 0 ? 999_999 : v)),
        alarmHigh: alarmHigh.map((v, i) => (i === 0 ? 1_000_000 : v)),
      },
    },
  });
  try {
    await during();
  } finally {
    await api(session, 'PATCH', `/equipment/${id}`, { settings: { ai: { alarmLow, alarmHigh } } });
  }
}

/** The server's logged errors (pino level 50 and above), the last few, for a failure's message. */
function serverErrors(server: RunningServer): string {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => /"level":(5\d|60)/.test(line))
    .slice(-5);
  return lines.length > 0 ? `\nserver errors:\n${lines.join('\n')}` : '';
}
