/**
 * Number reading for the SVG guard (`svg_tree.ts`, `svg_cost.ts`): lengths,
 * viewBoxes, how much a `transform` can enlarge, and the coordinates a path
 * or shape reaches. Everything here is an upper bound used to cap what resvg
 * will allocate, not a renderer.
 *
 * @module
 */

/** Why a number could not be used (caught by the guard and reported as a refusal). */
export class GeometryError extends Error {
  override name = "GeometryError";
}

/** Every number in `text` (separators: whitespace and commas). */
export function numberList(text: string): number[] {
  const out: number[] = [];
  const pattern = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
  for (const match of text.matchAll(pattern)) out.push(Number(match[0]));
  if (!out.every(Number.isFinite)) throw new GeometryError(`a number out of range in "${text.slice(0, 40)}"`);
  return out;
}

const UNIT_PX: Readonly<Record<string, number>> = {
  "": 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

/**
 * A length in user units: a number with an absolute unit, or a percentage of
 * `percentOf`. `em` and `ex` depend on a font size and are refused.
 */
export function lengthPx(value: string, percentOf: number): number {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z%]*)\s*$/i.exec(value);
  if (!match) throw new GeometryError(`the length "${value.slice(0, 40)}"`);
  const n = Number(match[1]);
  const unit = match[2].toLowerCase();
  const result = unit === "%" ? (n / 100) * percentOf : n * (UNIT_PX[unit] ?? NaN);
  if (!Number.isFinite(result)) throw new GeometryError(`the length "${value.slice(0, 40)}"`);
  return result;
}

/** A `viewBox` as `[x, y, width, height]`; `null` when missing, malformed or empty. */
export function parseViewBox(value: string | undefined): number[] | null {
  if (value === undefined) return null;
  const numbers = value.trim().split(/[\s,]+/).map(Number);
  if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return null;
  return numbers[2] > 0 && numbers[3] > 0 ? numbers : null;
}

/** Largest factor by which the 2x2 matrix [a c; b d] stretches a vector (its spectral norm). */
function matrixNorm(a: number, b: number, c: number, d: number): number {
  const s = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  return Math.sqrt((s + Math.sqrt(Math.max(0, s * s - 4 * det * det))) / 2);
}

/**
 * The largest factor by which a `transform` list can enlarge lengths (the
 * product of each part's norm; translations and rotations count 1).
 */
export function transformScale(value: string): number {
  let scale = 1;
  let rest = value;
  const part = /^[\s,]*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/;
  while (rest.trim()) {
    const match = part.exec(rest);
    if (!match) throw new GeometryError(`the transform "${value.slice(0, 60)}"`);
    const args = numberList(match[2]);
    const [a = 0, b = 0, c = 0, d = 0] = args;
    switch (match[1]) {
      case "matrix":
        if (args.length !== 6) throw new GeometryError(`the transform "${value.slice(0, 60)}"`);
        scale *= matrixNorm(a, b, c, d);
        break;
      case "scale":
        scale *= Math.max(Math.abs(a), Math.abs(args.length > 1 ? b : a));
        break;
      case "skewX":
        scale *= matrixNorm(1, 0, Math.tan((a * Math.PI) / 180), 1);
        break;
      case "skewY":
        scale *= matrixNorm(1, Math.tan((a * Math.PI) / 180), 0, 1);
        break;
    }
    rest = rest.slice(match[0].length);
  }
  if (!Number.isFinite(scale)) throw new GeometryError(`the transform "${value.slice(0, 60)}"`);
  return scale;
}

/** A running minimum and maximum of coordinates. */
export interface Extent {
  min: number;
  max: number;
}

/** Widens `extent` to hold every value. */
export function include(extent: Extent, ...values: number[]): void {
  for (const v of values) {
    if (!Number.isFinite(v)) throw new GeometryError("a coordinate out of range");
    if (v < extent.min) extent.min = v;
    if (v > extent.max) extent.max = v;
  }
}

const ARGS: Readonly<Record<string, number>> = { m: 2, l: 2, t: 2, h: 1, v: 1, c: 6, s: 4, q: 4, a: 7, z: 0 };

/**
 * Widens `extent` with every point path data `d` reaches: end points,
 * control points, and arcs padded by their radii and chord. Relative
 * commands are followed from the current point, so a long chain of small
 * relative steps counts where it really ends up.
 */
export function includePath(extent: Extent, d: string): void {
  let i = 0;
  let x = 0, y = 0, startX = 0, startY = 0;
  let command = "";
  // Sticky, and local: its lastIndex is this call's cursor.
  const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
  const skip = () => {
    while (i < d.length && /[\s,]/.test(d[i])) i++;
  };
  const number = (): number => {
    skip();
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(d);
    if (!match) throw new GeometryError("malformed path data");
    i = NUMBER.lastIndex;
    return Number(match[0]);
  };
  const flag = (): number => {
    skip();
    const c = d[i++];
    if (c !== "0" && c !== "1") throw new GeometryError("malformed arc flag in path data");
    return Number(c);
  };
  while (true) {
    skip();
    if (i >= d.length) break;
    if (/[a-z]/i.test(d[i])) {
      command = d[i++];
    } else if (!command || command.toLowerCase() === "z") {
      throw new GeometryError("malformed path data");
    }
    const lower = command.toLowerCase();
    if (!(lower in ARGS)) throw new GeometryError(`the path command "${command}"`);
    const relative = command === lower;
    const ox = relative ? x : 0, oy = relative ? y : 0;
    if (lower === "z") {
      x = startX;
      y = startY;
      continue;
    }
    if (lower === "h") {
      x = ox + number();
      include(extent, x);
    } else if (lower === "v") {
      y = oy + number();
      include(extent, y);
    } else if (lower === "a") {
      const rx = Math.abs(number()), ry = Math.abs(number());
      number();
      flag();
      flag();
      const ex = ox + number(), ey = oy + number();
      const pad = Math.max(rx, ry) + Math.hypot(ex - x, ey - y);
      include(extent, x - pad, x + pad, y - pad, y + pad, ex, ey);
      x = ex;
      y = ey;
    } else {
      const count = ARGS[lower];
      for (let k = 0; k < count; k += 2) {
        const px = ox + number(), py = oy + number();
        include(extent, px, py);
        if (k === count - 2) {
          x = px;
          y = py;
        }
      }
      if (lower === "m") {
        startX = x;
        startY = y;
        // Further pairs after a moveto are linetos.
        command = relative ? "l" : "L";
      }
    }
  }
}
