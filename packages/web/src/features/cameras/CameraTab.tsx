/**
 * The Camera tab of a device (camera right): the linked camera's live picture, its PTZ pad when
 * the camera has PTZ, and for users with the edit right the choice of the linked camera. Each
 * opening reads the camera anew: the reply carries a stream ticket that is good for a short while.
 */
import { Alert, Col, Empty, Flex, Row, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { equipmentCameraKey, getEquipmentCamera, keyOfLink } from '../../api/cameras';
import type { Equipment } from '../../api/equipment';
import { describeError } from '../auth/errors';
import { cameraErrorText, mayLinkCamera } from './access';
import CameraLinkCard from './CameraLinkCard';
import CameraPlayer from './CameraPlayer';
import PtzPad from './PtzPad';
import type { StreamFetched, StreamSessionOptions } from './stream-session';

/** The equipment's camera, read anew whenever asked: a ticket in the cache may be stale. */
export function equipmentCameraQuery(equipmentId: number) {
  return {
    queryKey: equipmentCameraKey(equipmentId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getEquipmentCamera(equipmentId, signal),
    staleTime: 0,
    gcTime: 0,
    // A refetch would only issue a ticket nobody plays; the player asks when it needs one.
    refetchOnWindowFocus: false,
  } as const;
}

export default function CameraTab({
  record,
  timing = {},
}: {
  readonly record: Equipment;
  /** The player's retry delays, timers and clock (tests run them by hand). */
  readonly timing?: Pick<StreamSessionOptions, 'delays' | 'schedule' | 'now'>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(equipmentCameraQuery(record.id));

  const fetchStream = useCallback(async (): Promise<StreamFetched> => {
    try {
      const reply = await client.fetchQuery(equipmentCameraQuery(record.id));
      return { stream: reply.stream, error: reply.error === null ? null : cameraErrorText(reply.error, t) };
    } catch (error) {
      return { stream: null, error: describeError(error, t) };
    }
  }, [client, record.id, t]);

  if (query.isPending) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('cameras.device.loadFailed', { reason: describeError(query.error, t) })}
      />
    );
  }
  const reply = query.data;
  return (
    <Flex vertical gap={16} data-testid="tab-camera">
      {reply.link === null ? (
        <Empty description={t('cameras.device.noCamera')} data-testid="no-camera" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={reply.ptz ? 16 : 24}>
            <CameraPlayer
              // Another camera linked: a new player with the new camera's ticket.
              key={keyOfLink(reply.link)}
              title={t('cameras.device.streamOf', { name: reply.camera?.name ?? record.name })}
              initial={reply.stream}
              initialError={reply.error === null ? null : cameraErrorText(reply.error, t)}
              fetchStream={fetchStream}
              {...timing}
            />
          </Col>
          {reply.ptz && (
            <Col xs={24} lg={8}>
              <PtzPad equipmentId={record.id} />
            </Col>
          )}
        </Row>
      )}
      {mayLinkCamera(record.permission) && <CameraLinkCard equipmentId={record.id} reply={reply} />}
    </Flex>
  );
}
