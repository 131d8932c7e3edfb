/**
 * Diagram links (docs/api.md § Diagrams): a project's share links for wall displays (list, make,
 * revoke), the sign-in-free routes a wall display reads with a link's token (sent without the
 * user's access token), and the dynamic graph of an equipment (link or unlink a project).
 */
import {
  DiagramLinkCreated,
  DiagramLinkListReply,
  EquipmentReply,
  WallDiagramReply,
} from '@fieldlink/protocol';
import type { DiagramKind, DiagramLinkCreate, WallGoneReason } from '@fieldlink/protocol';
import type { z } from 'zod';
import type { Equipment } from './equipment';
import { apiUrl, ApiError, del, get, post, request, send } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { DiagramLinkCreate, WallGoneReason } from '@fieldlink/protocol';
export type DiagramLink = Reply<z.output<typeof DiagramLinkListReply>>['items'][number];
export type CreatedDiagramLink = Reply<z.output<typeof DiagramLinkCreated>>;
export type WallDiagram = Reply<z.output<typeof WallDiagramReply>>;

const links = (projectId: string): string => `/diagrams/${encodeURIComponent(projectId)}/links`;

export async function listDiagramLinks(
  projectId: string,
  signal?: AbortSignal,
): Promise<readonly DiagramLink[]> {
  const reply = await get<unknown>(links(projectId), signal ? { signal } : {}).then(
    validated(DiagramLinkListReply),
  );
  return reply.items;
}

/** A new link; its token and address are in this reply only. */
export function createDiagramLink(projectId: string, link: DiagramLinkCreate): Promise<CreatedDiagramLink> {
  return post<unknown>(links(projectId), link).then(validated(DiagramLinkCreated));
}

export async function revokeDiagramLink(projectId: string, linkId: number): Promise<void> {
  await del<unknown>(`${links(projectId)}/${linkId}`);
}

export const diagramLinksKey = (projectId: string) => ['diagrams', 'links', projectId] as const;

const GONE_BY_CODE: Readonly<Record<string, WallGoneReason>> = {
  link_revoked: 'revoked',
  link_expired: 'expired',
  diagram_deleted: 'deleted',
};

/** Why a wall call failed for good: the link is gone (410, with its reason) or was never made (404). */
export function wallRefusal(error: unknown): WallGoneReason | 'unknown' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return GONE_BY_CODE[error.code] ?? 'revoked';
  if (error.status === 404 || error.status === 400) return 'unknown';
  return null;
}

const wall = (token: string): string => `/diagram-links/${encodeURIComponent(token)}`;

/** The project a link shows: its name and document. */
export function getWallDiagram(token: string, signal?: AbortSignal): Promise<WallDiagram> {
  return request<unknown>('GET', wall(token), { anonymous: true, ...(signal ? { signal } : {}) }).then(
    validated(WallDiagramReply),
  );
}

/** The address of the link's Server-Sent Events (`values`, `document`, `gone`). */
export function wallEventsUrl(token: string): string {
  return apiUrl(`${wall(token)}/events`);
}

/** Reads a 3D project's scene file through the link (for the 3D viewer's loader). */
export function wallSceneLoader(token: string): () => Promise<ArrayBuffer> {
  return async () => {
    const response = await send('GET', `${wall(token)}/scene`, { anonymous: true, stream: true });
    return response.arrayBuffer();
  };
}

const checkRecord = validated(EquipmentReply);

/** Links a project of the user's space as the equipment's dynamic graph (its kind picks item 13 or 14). */
export function linkEquipmentDiagram(equipmentId: number, projectId: string): Promise<Equipment> {
  return request<unknown>('PUT', `/equipment/${equipmentId}/diagram`, { body: { projectId } }).then(
    checkRecord,
  );
}

export function unlinkEquipmentDiagram(equipmentId: number, kind: DiagramKind): Promise<Equipment> {
  return request<unknown>('DELETE', `/equipment/${equipmentId}/diagram`, { query: { kind } }).then(
    checkRecord,
  );
}
