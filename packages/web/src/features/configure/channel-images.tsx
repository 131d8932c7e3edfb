/**
 * The channel pictures. The console's own are drawn as SVG (no image files ship: the console loads
 * nothing but its bundle and the pictures users upload). A record names its pictures as the
 * specification does (fDOOnImg 'kg03.png', fDIOffImg 'kg11_0.png', fAIImg 'com_default.png' …);
 * this catalogue maps those names to drawings. Two-state pictures come in pairs, '<name>.png' on
 * and '<name>_0.png' off, and serve outputs and inputs alike; analog pictures are single. A
 * picture's address (an uploaded picture, https:, data:) is loaded, and drawn as the kind's
 * default if it fails; any other name the catalogue does not know (another client's file) is kept
 * as it is and drawn as the kind's default.
 */
import type { ReactNode } from 'react';
import { LampGlyph, SwitchGlyph } from '../monitoring/ChannelGlyphs';
import { isPictureAddress } from '../pictures/picture-address';
import PictureImage from '../pictures/PictureImage';
import type { KeyUnder } from '../../i18n';

export interface GlyphProps {
  /** The channel is on (digital) — analog pictures ignore it. */
  readonly on: boolean;
  readonly alarm?: boolean;
  readonly size?: number;
}

type Glyph = (props: GlyphProps) => ReactNode;

/** An on/off pair: `on` and `off` are the names stored in the record. */
/** The name of a picture's label among the console's messages. */
export type ImageLabel = KeyUnder<'configure.display.images'>;

export interface PairImage {
  readonly key: ImageLabel;
  readonly on: string;
  readonly off: string;
  readonly Glyph: Glyph;
}

export interface AnalogImage {
  readonly key: ImageLabel;
  readonly name: string;
  readonly Glyph: Glyph;
}

const GREEN = '#52c41a';
const GREY = '#8c8c8c';
const RED = '#ff4d4f';
const BLUE = '#1677ff';

function strokeOf({ on, alarm }: GlyphProps): string {
  return alarm ? RED : on ? GREEN : GREY;
}

/** The rounded tile every drawn picture stands on, as SwitchGlyph's. */
function Tile({
  props,
  color,
  children,
}: {
  readonly props: GlyphProps;
  readonly color: string;
  readonly children: ReactNode;
}) {
  const size = props.size ?? 44;
  const tint = props.alarm ? '#fff1f0' : props.on ? '#f6ffed' : '#fafafa';
  return (
    <svg width={size} height={size} viewBox="0 0 44 44" role="img" aria-hidden data-on={props.on}>
      <rect x="1" y="1" width="42" height="42" rx="8" fill={tint} stroke={color} strokeWidth="2" />
      {children}
    </svg>
  );
}

function PumpGlyph(props: GlyphProps) {
  const c = strokeOf(props);
  return (
    <Tile props={props} color={c}>
      <circle cx="22" cy="22" r="11" fill="none" stroke={c} strokeWidth="3" />
      <path d="M18 16 L29 22 L18 28 Z" fill={props.on ? c : 'none'} stroke={c} strokeWidth="2" />
      <line x1="6" y1="22" x2="11" y2="22" stroke={c} strokeWidth="3" strokeLinecap="round" />
      <line x1="33" y1="22" x2="38" y2="22" stroke={c} strokeWidth="3" strokeLinecap="round" />
    </Tile>
  );
}

function FanGlyph(props: GlyphProps) {
  const c = strokeOf(props);
  const blade = 'M22 22 C18 14 20 8 26 9 C29 12 26 18 22 22 Z';
  return (
    <Tile props={props} color={c}>
      {[0, 120, 240].map((angle) => (
        <path
          key={angle}
          d={blade}
          fill={props.on ? c : 'none'}
          stroke={c}
          strokeWidth="2"
          transform={`rotate(${angle} 22 22)`}
        />
      ))}
      <circle cx="22" cy="22" r="3" fill={c} />
    </Tile>
  );
}

function ValveGlyph(props: GlyphProps) {
  const c = strokeOf(props);
  const fill = props.on ? c : 'none';
  return (
    <Tile props={props} color={c}>
      <path d="M8 20 L22 27 L8 34 Z" fill={fill} stroke={c} strokeWidth="2" strokeLinejoin="round" />
      <path d="M36 20 L22 27 L36 34 Z" fill={fill} stroke={c} strokeWidth="2" strokeLinejoin="round" />
      <line x1="22" y1="27" x2="22" y2="14" stroke={c} strokeWidth="3" />
      <line x1="15" y1="12" x2="29" y2="12" stroke={c} strokeWidth="3" strokeLinecap="round" />
    </Tile>
  );
}

function BulbGlyph(props: GlyphProps) {
  const c = props.alarm ? RED : props.on ? '#faad14' : GREY;
  return (
    <Tile props={props} color={c}>
      <circle cx="22" cy="19" r="9" fill={props.on ? c : 'none'} stroke={c} strokeWidth="2.5" />
      <rect x="18" y="28" width="8" height="7" rx="1.5" fill="none" stroke={c} strokeWidth="2.5" />
      {props.on &&
        [
          [22, 4, 22, 7],
          [9, 11, 11, 13],
          [35, 11, 33, 13],
        ].map(([x1, y1, x2, y2]) => (
          <line
            key={`${x1}-${y1}`}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={c}
            strokeWidth="2"
            strokeLinecap="round"
          />
        ))}
    </Tile>
  );
}

const SwitchPicture: Glyph = ({ on, size }) => <SwitchGlyph on={on} size={size} />;
const LampPicture: Glyph = ({ on, alarm, size }) => <LampGlyph on={on} alarm={alarm === true} size={size} />;

function analogColor(props: GlyphProps): string {
  return props.alarm ? RED : BLUE;
}

function GaugeGlyph(props: GlyphProps) {
  const c = analogColor(props);
  return (
    <Tile props={{ ...props, on: false }} color={c}>
      <path d="M9 29 A13 13 0 1 1 35 29" fill="none" stroke={c} strokeWidth="3" strokeLinecap="round" />
      <line x1="22" y1="27" x2="29" y2="17" stroke={c} strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="22" cy="27" r="2.5" fill={c} />
    </Tile>
  );
}

function WarningGlyph(props: GlyphProps) {
  const c = RED;
  return (
    <Tile props={{ ...props, on: false, alarm: true }} color={c}>
      <path d="M22 8 L37 34 L7 34 Z" fill="none" stroke={c} strokeWidth="3" strokeLinejoin="round" />
      <line x1="22" y1="17" x2="22" y2="26" stroke={c} strokeWidth="3" strokeLinecap="round" />
      <circle cx="22" cy="30.5" r="1.8" fill={c} />
    </Tile>
  );
}

function ThermometerGlyph(props: GlyphProps) {
  const c = analogColor(props);
  return (
    <Tile props={{ ...props, on: false }} color={c}>
      <rect x="19" y="7" width="6" height="22" rx="3" fill="none" stroke={c} strokeWidth="2.5" />
      <circle cx="22" cy="32" r="5" fill={c} />
      <line x1="22" y1="16" x2="22" y2="30" stroke={c} strokeWidth="2.5" />
    </Tile>
  );
}

function DropGlyph(props: GlyphProps) {
  const c = analogColor(props);
  return (
    <Tile props={{ ...props, on: false }} color={c}>
      <path
        d="M22 8 C28 17 32 22 32 27 A10 10 0 0 1 12 27 C12 22 16 17 22 8 Z"
        fill="none"
        stroke={c}
        strokeWidth="2.5"
      />
    </Tile>
  );
}

function TankGlyph(props: GlyphProps) {
  const c = analogColor(props);
  return (
    <Tile props={{ ...props, on: false }} color={c}>
      <rect x="11" y="8" width="22" height="28" rx="3" fill="none" stroke={c} strokeWidth="2.5" />
      <rect x="13" y="21" width="18" height="13" rx="1.5" fill={c} opacity="0.5" />
    </Tile>
  );
}

function BoltGlyph(props: GlyphProps) {
  const c = props.alarm ? RED : '#faad14';
  return (
    <Tile props={{ ...props, on: false }} color={c}>
      <path
        d="M25 6 L13 25 L21 25 L18 38 L31 18 L23 18 Z"
        fill={c}
        stroke={c}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </Tile>
  );
}

/** Two-state pictures, for outputs and inputs; the first two are the specification's defaults. */
export const PAIR_IMAGES: readonly PairImage[] = [
  { key: 'switch', on: 'kg03.png', off: 'kg03_0.png', Glyph: SwitchPicture },
  { key: 'lamp', on: 'kg11.png', off: 'kg11_0.png', Glyph: LampPicture },
  { key: 'pump', on: 'pump.png', off: 'pump_0.png', Glyph: PumpGlyph },
  { key: 'fan', on: 'fan.png', off: 'fan_0.png', Glyph: FanGlyph },
  { key: 'valve', on: 'valve.png', off: 'valve_0.png', Glyph: ValveGlyph },
  { key: 'bulb', on: 'bulb.png', off: 'bulb_0.png', Glyph: BulbGlyph },
];

/** Analog pictures; the first two are the specification's defaults (value, alarm). */
export const ANALOG_IMAGES: readonly AnalogImage[] = [
  { key: 'gauge', name: 'com_default.png', Glyph: GaugeGlyph },
  { key: 'warning', name: 'com_alarm.gif', Glyph: WarningGlyph },
  { key: 'thermometer', name: 'thermometer.png', Glyph: ThermometerGlyph },
  { key: 'drop', name: 'drop.png', Glyph: DropGlyph },
  { key: 'tank', name: 'tank.png', Glyph: TankGlyph },
  { key: 'bolt', name: 'bolt.png', Glyph: BoltGlyph },
];

const PAIR_BY_NAME = new Map<string, PairImage>(
  PAIR_IMAGES.flatMap((p) => [[p.on, p] as const, [p.off, p] as const]),
);
const ANALOG_BY_NAME = new Map<string, AnalogImage>(ANALOG_IMAGES.map((a) => [a.name, a] as const));

/** The pair a stored name belongs to (as the on or the off picture), or undefined. */
export function pairOf(name: string): PairImage | undefined {
  return PAIR_BY_NAME.get(name.trim());
}

export function analogOf(name: string): AnalogImage | undefined {
  return ANALOG_BY_NAME.get(name.trim());
}

/** Whether the catalogue draws this name (else the kind's default is drawn). */
export function isBuiltInImage(name: string): boolean {
  return pairOf(name) !== undefined || analogOf(name) !== undefined;
}

/** What a channel shows when its picture is not in the catalogue. */
export type ImageFallback = 'switch' | 'lamp' | 'gauge' | 'warning';

const FALLBACK: Readonly<Record<ImageFallback, Glyph>> = {
  switch: SwitchPicture,
  lamp: LampPicture,
  gauge: GaugeGlyph,
  warning: WarningGlyph,
};

/**
 * A channel's picture by its stored name. The channel's own state decides lit or dark (a pair's
 * on and off pictures may be chosen from different pairs); a loaded picture is the one chosen for
 * the state, ringed red in alarm.
 */
export function ChannelImage({
  name,
  fallback,
  on,
  alarm = false,
  size,
}: {
  readonly name: string;
  readonly fallback: ImageFallback;
  readonly on: boolean;
  readonly alarm?: boolean;
  readonly size?: number;
}) {
  const Glyph = pairOf(name)?.Glyph ?? analogOf(name)?.Glyph ?? FALLBACK[fallback];
  const drawn = <Glyph on={on} alarm={alarm} size={size} />;
  return (
    <span className="channel-image" data-image={name}>
      {isPictureAddress(name) ? (
        <PictureImage
          src={name.trim()}
          size={size ?? 44}
          fallback={drawn}
          {...(alarm ? { ring: RED } : {})}
        />
      ) : (
        drawn
      )}
    </span>
  );
}
