/**
 * A landscape form is often stored as a portrait page turned by the page's /Rotate entry (90 or 270): its text is
 * written running up or down the portrait sheet, and only the viewer turns it upright. Read in the sheet's own frame,
 * every line of the form would look like a vertical label (and be left out or read column by column). A turned page
 * is therefore read in its upright frame: every text run and drawn shape is mapped through the page's viewport (which
 * holds the turn) and back to PDF's bottom-up y axis, so the rest of the reader sees an ordinary landscape page.
 */

/** A PDF affine matrix [a, b, c, d, e, f]. */
type Matrix = [number, number, number, number, number, number];

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The viewport at scale 1: its matrix maps page space to top-down device space; `height` is the upright height. */
export interface TurnViewport {
  transform: number[];
  height: number;
}

function multiply(m: readonly number[], n: readonly number[]): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

/** Page space to the upright page with a bottom-up y axis (the viewport's top-down y flipped back). */
function uprightMatrix(viewport: TurnViewport): Matrix {
  return multiply([1, 0, 0, -1, 0, viewport.height], viewport.transform);
}

/** Whether the page is turned by its /Rotate entry (pdf.js reports it normalised to 0, 90, 180 or 270). */
export function isTurned(rotate: number): boolean {
  return ((rotate % 360) + 360) % 360 !== 0;
}

/** The page's text runs with their matrices in the upright frame. */
export function uprightText<T extends { items: unknown[] }>(content: T, viewport: TurnViewport): T {
  const upright = uprightMatrix(viewport);
  const items = content.items.map((raw) => {
    const item = raw as { transform?: number[] };
    return item.transform ? { ...item, transform: multiply(upright, item.transform) } : raw;
  });
  return { ...content, items };
}

/** A drawn box (a shape or a rule) in the upright frame. */
export function uprightBox<T extends Box>(box: T, viewport: TurnViewport): T {
  const m = uprightMatrix(viewport);
  const xa = m[0] * box.x0 + m[2] * box.y0 + m[4];
  const ya = m[1] * box.x0 + m[3] * box.y0 + m[5];
  const xb = m[0] * box.x1 + m[2] * box.y1 + m[4];
  const yb = m[1] * box.x1 + m[3] * box.y1 + m[5];
  return { ...box, x0: Math.min(xa, xb), x1: Math.max(xa, xb), y0: Math.min(ya, yb), y1: Math.max(ya, yb) };
}
