import assert from "node:assert/strict";
import { compileLens, LENSES } from "./build_lenses.ts";
import { POSITION_LENS_CODE } from "./position_lens.ts";
import { POSITION_LENS_V4_CODE } from "./position_lens_v4.ts";

Deno.test("the committed lens code is what solc 0.8.28 compiles from the committed sources", async () => {
  const committed: Record<string, string> = {
    PositionLens: POSITION_LENS_CODE,
    PositionLensV4: POSITION_LENS_V4_CODE,
  };
  for (const lens of LENSES) {
    assert.equal(await compileLens(lens), committed[lens.name], `${lens.source}: run build_lenses.ts`);
  }
});
