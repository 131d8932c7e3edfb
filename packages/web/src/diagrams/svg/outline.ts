/** Where an element of the drawing lies on the canvas, for its outline when hovered or picked. */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The box around `element` in the user units of `canvas` (the diagram's root `<svg>`), turns and
 * the drawing's own fitting included; null where the browser cannot measure (no layout, or the
 * element is not drawn).
 */
export function outlineOf(element: Element, canvas: SVGSVGElement): Box | null {
  if (!(element instanceof SVGGraphicsElement) || typeof element.getBBox !== 'function') return null;
  try {
    const box = element.getBBox();
    const toScreen = element.getScreenCTM();
    const canvasToScreen = canvas.getScreenCTM();
    if (!toScreen || !canvasToScreen) return null;
    const matrix = canvasToScreen.inverse().multiply(toScreen);
    const corners = [
      [box.x, box.y],
      [box.x + box.width, box.y],
      [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height],
    ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  } catch {
    return null;
  }
}
