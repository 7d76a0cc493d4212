import assert from "node:assert/strict";
import { sniffImageType } from "./sniff.ts";
import { solidJpeg, solidPng, webpBytes } from "../test_helpers.ts";

const text = (s: string) => new TextEncoder().encode(s);

Deno.test("sniffImageType reads magic bytes, not names", () => {
  assert.equal(sniffImageType(solidPng({ r: 1, g: 2, b: 3 })), "png");
  assert.equal(sniffImageType(solidJpeg({ r: 1, g: 2, b: 3 })), "jpeg");
  assert.equal(sniffImageType(webpBytes()), "webp");
  assert.equal(sniffImageType(text("GIF89a\x01\x00\x01\x00")), "gif");
  assert.equal(sniffImageType(text('<?xml version="1.0"?>\n<svg>')), "svg");
  assert.equal(sniffImageType(text("\ufeff  <!-- c --><svg xmlns='x'>")), "svg");
  assert.equal(sniffImageType(text('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg>')), "svg");
  assert.equal(sniffImageType(text("<html>")), "other");
  assert.equal(sniffImageType(new Uint8Array()), "other");
  // An internal DTD subset (where entity bombs live) is not an SVG to us.
  assert.equal(sniffImageType(text('<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>')), "other");
});
