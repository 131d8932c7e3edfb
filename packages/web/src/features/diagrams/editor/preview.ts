/**
 * The project's preview picture, made on save from the drawing the editor shows (DiagramView's
 * SVG, without the grid): its pictures inlined as data: addresses (an SVG drawn as an image loads
 * nothing itself), serialised, drawn into a 480 × 270 canvas and encoded as PNG. Only the
 * console's own pictures (same origin) can be inlined: a picture of another site would taint the
 * canvas and is left out. All of it stays within the console's CSP (img-src 'self' data: blob:).
 */

export const PREVIEW_SIZE = { width: 480, height: 270 } as const;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`the picture ${src} could not be loaded`));
    image.src = src;
  });
}

/** A picture as a data: address, or null when it cannot be read (gone, or of another site). */
async function inlined(src: string): Promise<string | null> {
  if (src.startsWith('data:')) return src;
  try {
    const image = await loadImage(src);
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 1;
    canvas.height = image.naturalHeight || 1;
    canvas.getContext('2d')?.drawImage(image, 0, 0);
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}

/** The drawing as a stand-alone SVG document's text, its pictures inlined, the grid left out. */
export async function standaloneSvg(drawing: SVGSVGElement): Promise<string> {
  const copy = drawing.cloneNode(true) as SVGSVGElement;
  copy.querySelectorAll('.diagram-grid').forEach((grid) => grid.remove());
  const [, , width = '1920', height = '1080'] = (copy.getAttribute('viewBox') ?? '').split(/\s+/);
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', width);
  copy.setAttribute('height', height);
  for (const image of [...copy.querySelectorAll('image')]) {
    const src = image.getAttribute('href') ?? image.getAttributeNS(XLINK_NS, 'href') ?? '';
    const data = src === '' ? null : await inlined(src);
    if (data === null) image.remove();
    else image.setAttribute('href', data);
  }
  return new XMLSerializer().serializeToString(copy);
}

/** The preview as PNG: the drawing fitted into PREVIEW_SIZE on a light grey ground. */
export async function renderPreview(drawing: SVGSVGElement): Promise<Blob> {
  const text = await standaloneSvg(drawing);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = PREVIEW_SIZE.width;
    canvas.height = PREVIEW_SIZE.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw the preview');
    context.fillStyle = '#f5f5f5';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const w = image.naturalWidth || PREVIEW_SIZE.width;
    const h = image.naturalHeight || PREVIEW_SIZE.height;
    const scale = Math.min(canvas.width / w, canvas.height / h);
    const [dw, dh] = [w * scale, h * scale];
    context.drawImage(image, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the preview could not be encoded'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
