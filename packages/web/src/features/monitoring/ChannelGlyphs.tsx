/**
 * Channel pictures drawn as SVG (no image files ship): a relay's knife switch, open or closed;
 * a digital input's lamp, lit, dark or in alarm.
 */

export function SwitchGlyph({ on, size = 44 }: { readonly on: boolean; readonly size?: number }) {
  const color = on ? '#52c41a' : '#8c8c8c';
  return (
    <svg width={size} height={size} viewBox="0 0 44 44" role="img" aria-hidden data-on={on}>
      <rect
        x="1"
        y="1"
        width="42"
        height="42"
        rx="8"
        fill={on ? '#f6ffed' : '#fafafa'}
        stroke={color}
        strokeWidth="2"
      />
      <line x1="8" y1="30" x2="15" y2="30" stroke={color} strokeWidth="3" strokeLinecap="round" />
      <line x1="29" y1="30" x2="36" y2="30" stroke={color} strokeWidth="3" strokeLinecap="round" />
      <circle cx="15" cy="30" r="2.5" fill={color} />
      <circle cx="29" cy="30" r="2.5" fill={color} />
      {/* The blade: level when closed (on), raised when open (off). */}
      <line
        x1="15"
        y1="30"
        x2={on ? '29' : '26'}
        y2={on ? '30' : '14'}
        stroke={color}
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function LampGlyph({
  on,
  alarm,
  size = 36,
}: {
  readonly on: boolean;
  readonly alarm: boolean;
  readonly size?: number;
}) {
  const fill = alarm ? '#ff4d4f' : on ? '#52c41a' : '#d9d9d9';
  return (
    <svg width={size} height={size} viewBox="0 0 36 36" role="img" aria-hidden data-on={on}>
      <circle cx="18" cy="18" r="15" fill={fill} opacity={on || alarm ? 0.25 : 0.5} />
      <circle cx="18" cy="18" r="10" fill={fill} stroke="#595959" strokeOpacity="0.3" />
      {(on || alarm) && <circle cx="14" cy="14" r="3" fill="#fff" opacity="0.7" />}
    </svg>
  );
}
