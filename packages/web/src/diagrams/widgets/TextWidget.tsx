/** Text the document holds, drawn as text (never parsed as markup), one line per line break. */
import { memo } from 'react';
import type { WidgetOf } from './types';

const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;

export default memo(function TextWidget({ widget }: { readonly widget: WidgetOf<'text'> }) {
  const x = widget.align === 'left' ? 0 : widget.align === 'center' ? widget.width / 2 : widget.width;
  return (
    <text fontSize={widget.fontSize} fill={widget.color} textAnchor={ANCHOR[widget.align]}>
      {widget.text.split('\n').map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? '1em' : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
});
