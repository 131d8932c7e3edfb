/**
 * A camera's live picture through the server: MJPEG in an image, HLS in a video element driven by
 * hls.js (loaded on demand) or by the browser itself where it plays HLS natively. A stream that
 * ends or fails restarts with a fresh ticket (stream-session.ts).
 */
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamSessionOptions } from './stream-session';
import { RETRY_DELAYS_MS, useStreamSession } from './stream-session';
import { loadHls, NATIVE_HLS_TYPE } from './hls';
import type { HlsClass } from './hls';

const FRAME: CSSProperties = {
  width: '100%',
  aspectRatio: '16 / 9',
  background: '#000',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  borderRadius: 6,
};
const MEDIA: CSSProperties = { width: '100%', height: '100%', objectFit: 'contain' };

interface MediaProps {
  readonly url: string;
  readonly title: string;
  readonly onFailure: () => void;
  readonly onPlaying: () => void;
}

function HlsVideo({
  url,
  title,
  onFailure,
  onPlaying,
  onUnsupported,
}: MediaProps & { onUnsupported: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    let cancelled = false;
    let hls: InstanceType<HlsClass> | null = null;
    loadHls().then(
      (Hls) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          hls = new Hls();
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) onFailure();
          });
          hls.loadSource(url);
          hls.attachMedia(video);
        } else if (video.canPlayType(NATIVE_HLS_TYPE)) {
          video.src = url;
        } else {
          onUnsupported();
        }
      },
      () => {
        if (!cancelled) onFailure();
      },
    );
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [url, onFailure, onUnsupported]);
  return (
    <video
      ref={ref}
      style={MEDIA}
      aria-label={title}
      autoPlay
      muted
      playsInline
      controls
      onPlaying={onPlaying}
      onEnded={onFailure}
      onError={onFailure}
      data-testid="camera-hls"
    />
  );
}

export interface CameraPlayerProps extends StreamSessionOptions {
  /** What the picture shows, for its alternative text. */
  readonly title: string;
}

export default function CameraPlayer({ title, ...options }: CameraPlayerProps) {
  const { t } = useTranslation();
  const { state, session } = useStreamSession(options);
  const [unsupported, setUnsupported] = useState(false);
  const [onUnsupported] = useState(() => () => setUnsupported(true));
  const max = (options.delays ?? RETRY_DELAYS_MS).length;

  let body: ReactNode;
  if (unsupported) {
    body = <Alert type="warning" showIcon title={t('cameras.player.unsupported')} />;
  } else if (state.phase === 'playing') {
    const media = { url: state.stream.url, title, onFailure: session.failed, onPlaying: session.playing };
    body =
      state.stream.kind === 'mjpeg' ? (
        <img
          key={state.generation}
          src={media.url}
          alt={title}
          style={MEDIA}
          onLoad={media.onPlaying}
          onError={media.onFailure}
          data-testid="camera-mjpeg"
        />
      ) : (
        <HlsVideo key={state.generation} {...media} onUnsupported={onUnsupported} />
      );
  } else if (state.phase === 'waiting') {
    body = (
      <Flex vertical align="center" gap={8} data-testid="camera-waiting">
        <Spin />
        <Typography.Text style={{ color: '#fff' }}>
          {state.attempt === 0
            ? t('cameras.player.starting')
            : t('cameras.player.reconnecting', { attempt: state.attempt, max })}
        </Typography.Text>
      </Flex>
    );
  } else {
    body = (
      <Alert
        type="warning"
        showIcon
        data-testid="camera-failed"
        title={
          state.error ? t('cameras.player.noStream', { reason: state.error }) : t('cameras.player.stopped')
        }
        action={
          <Button size="small" onClick={session.retry} data-testid="camera-retry">
            {t('cameras.player.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={FRAME} data-testid="camera-player">
      {body}
    </div>
  );
}
