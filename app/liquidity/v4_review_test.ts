import assert from "node:assert/strict";
import { confirmLabel } from "./v4_review.tsx";

Deno.test("confirmLabel names the tokens Permit2 is approved for, once each", () => {
  const steps = [
    { title: "Approve USDC for Permit2" },
    { title: "Let the PositionManager use USDC through Permit2" },
    { title: "Let the PositionManager use USDT through Permit2" },
    { title: "Open a USDC/USDT 0.01% position" },
  ];
  assert.equal(confirmLabel(steps, "Create position"), "Approve USDC and USDT through Permit2, then create position");
  assert.equal(confirmLabel(steps.slice(-1), "Create position"), "Create position");
});
