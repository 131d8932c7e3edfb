/**
 * A mesh's label in the scene: its text drawn with canvas fillText into a texture on a sprite
 * that always faces the camera and is drawn over the scene. Text is drawn as pixels, never parsed.
 */
import { CanvasTexture, SRGBColorSpace, Sprite, SpriteMaterial } from 'three';

/** Makes a label sprite `height` world units tall; null when no 2D canvas is at hand. */
export type LabelFactory = (text: string, height: number) => Sprite | null;

const FONT_PX = 40;
const PAD_PX = 14;
/** Longer text is cut, so a label stays a label. */
export const LABEL_MAX_CHARS = 64;

export const canvasLabel: LabelFactory = (text, height) => {
  if (typeof document === 'undefined') return null;
  const shown = text.length > LABEL_MAX_CHARS ? `${text.slice(0, LABEL_MAX_CHARS - 1)}…` : text;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const font = `600 ${FONT_PX}px system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif`;
  context.font = font;
  const width = Math.ceil(context.measureText(shown).width) + PAD_PX * 2;
  canvas.width = Math.max(width, FONT_PX);
  canvas.height = FONT_PX + PAD_PX * 2;
  // Resizing clears the context's state.
  context.font = font;
  context.fillStyle = 'rgba(255, 255, 255, 0.92)';
  context.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  context.lineWidth = 3;
  context.beginPath();
  context.roundRect(1.5, 1.5, canvas.width - 3, canvas.height - 3, 12);
  context.fill();
  context.stroke();
  context.fillStyle = '#1f1f1f';
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  context.fillText(shown, canvas.width / 2, canvas.height / 2 + 2);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  const material = new SpriteMaterial({
    map: texture,
    depthTest: false,
    depthWrite: false,
    transparent: true,
  });
  const sprite = new Sprite(material);
  sprite.scale.set((height * canvas.width) / canvas.height, height, 1);
  sprite.renderOrder = 1000;
  sprite.name = '';
  return sprite;
};

/** Frees what a label holds on the GPU (its texture and material; sprites share one geometry). */
export function disposeLabel(sprite: Sprite): void {
  sprite.material.map?.dispose();
  sprite.material.dispose();
  sprite.removeFromParent();
}
