import assert from "node:assert/strict";
import {
  type Extent,
  GeometryError,
  include,
  includePath,
  lengthPx,
  numberList,
  parseViewBox,
  transformScale,
} from "./svg_geometry.ts";

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

Deno.test("lengths in absolute units and percentages; font-relative units are refused", () => {
  assert.equal(lengthPx("12", 0), 12);
  assert.equal(lengthPx(" 1in ", 0), 96);
  assert.equal(lengthPx("3pt", 0), 4);
  assert.equal(lengthPx("50%", 40), 20);
  near(lengthPx("2.54cm", 0), 96, "cm");
  for (const bad of ["1em", "2ex", "abc", "1e999", ""]) assert.throws(() => lengthPx(bad, 1), GeometryError, bad);
});

Deno.test("number lists and viewBoxes", () => {
  assert.deepEqual(numberList("1,2 -3.5e1 .5"), [1, 2, -35, 0.5]);
  assert.throws(() => numberList("1e999"), GeometryError);
  assert.deepEqual(parseViewBox("0 0 10,20"), [0, 0, 10, 20]);
  assert.equal(parseViewBox(undefined), null);
  assert.equal(parseViewBox("0 0 10"), null);
  assert.equal(parseViewBox("0 0 0 10"), null);
});

Deno.test("a transform's largest stretch: scales and skews count, translations and rotations do not", () => {
  assert.equal(transformScale("translate(500 500) rotate(45)"), 1);
  assert.equal(transformScale("scale(3) scale(2, 0.5)"), 6);
  near(transformScale("matrix(0 150 -150 0 0 0)"), 150, "rotated scale");
  assert.ok(transformScale("skewX(89)") > 50);
});

Deno.test("path extents follow relative commands and pad arcs", () => {
  const extent: Extent = { min: 0, max: 0 };
  includePath(extent, "M0 0" + " l90 90".repeat(200) + "z");
  assert.deepEqual(extent, { min: 0, max: 18000 });
  const arc: Extent = { min: 0, max: 0 };
  includePath(arc, "M10 10 a5 5 0 0 1 10 0");
  assert.ok(arc.max >= 25 && arc.min <= 0, JSON.stringify(arc));
  assert.throws(() => includePath({ min: 0, max: 0 }, "M0 0 Q"), GeometryError);
  assert.throws(() => includePath({ min: 0, max: 0 }, "M0 0 A1 1 0 2 0 1 1"), GeometryError);
  assert.throws(() => include({ min: 0, max: 0 }, Infinity), GeometryError);
});
