import assert from "node:assert/strict";
import { confirmLabel } from "./v4_steps.ts";

Deno.test("confirmLabel names the Permit2 approvals and the signature before the action", () => {
  const action = { title: "Open a USDC/USDT 0.01% position" };
  const approve = [{ title: "Approve USDC for Permit2" }, { title: "Approve USDT for Permit2" }];
  const sign = { title: "Sign a Permit2 permit for USDC and USDT" };
  assert.equal(
    confirmLabel([...approve, sign, action], "Create position"),
    "Approve USDC and USDT for Permit2, sign, then create position",
  );
  assert.equal(confirmLabel([sign, action], "Add liquidity"), "Sign the permit, then add liquidity");
  assert.equal(confirmLabel([action], "Create position"), "Create position");
});
