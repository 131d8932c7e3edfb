/**
 * A picture from an address the document format allows (the file store, a same-site path,
 * https, data:image/…); any other address draws an empty frame instead of being loaded.
 */
import { memo } from 'react';
import { pictureAllowed } from '../readouts';
import type { ViewWords, WidgetOf } from './types';

const ASPECT = { contain: 'xMidYMid meet', cover: 'xMidYMid slice', fill: 'none' } as const;

export default memo(function ImageWidget({
  widget,
  words,
}: {
  readonly widget: WidgetOf<'image'>;
  readonly words: ViewWords;
}) {
  const { width, height } = widget;
  if (!pictureAllowed(widget.src))
    return <rect width={width} height={height} fill="none" stroke="#d9d9d9" strokeDasharray="4 4" />;
  return (
    <image href={widget.src} width={width} height={height} preserveAspectRatio={ASPECT[widget.fit]}>
      <title>{words.picture}</title>
    </image>
  );
});
