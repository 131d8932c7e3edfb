/**
 * A loaded picture in a small square, showing `fallback` (the drawn picture) instead when the
 * address fails to load. `ring` draws the state colour around it, so a picture never hides
 * whether its device is online or in alarm.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';

export default function PictureImage({
  src,
  size,
  fallback,
  ring,
  className,
}: {
  readonly src: string;
  readonly size: number;
  readonly fallback: ReactNode;
  readonly ring?: string;
  readonly className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={className}
      draggable={false}
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
      data-ring={ring}
      style={{
        objectFit: 'contain',
        flex: 'none',
        ...(ring ? { borderRadius: 3, boxShadow: `0 0 0 2px ${ring}` } : {}),
      }}
    />
  );
}
