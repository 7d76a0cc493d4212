import "global-jsdom/register";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import assert from "node:assert/strict";
import { Address } from "../../app/components/address.tsx";
import { renderInRouter } from "./render_stub.tsx";

const POOL = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";

Deno.test("an address: short form, whole address on tap and for screen readers, explorer link", async () => {
  renderInRouter(<Address address={POOL} chain="ARBITRUM" label="pool address" />);
  // The visible short form is the name (label in name); the whole address is the description.
  const toggle = await screen.findByRole("button", { name: "0x88e6…5640", description: POOL });
  assert.equal(toggle.textContent, "0x88e6…5640");
  assert.equal(toggle.getAttribute("aria-expanded"), "false");
  fireEvent.click(toggle);
  assert.equal(toggle.textContent, POOL);
  assert.equal(toggle.getAttribute("aria-expanded"), "true");
  const link = screen.getByRole("link", { name: "View pool address on Arbiscan" });
  assert.equal(link.getAttribute("href"), `https://arbiscan.io/address/${POOL}`);
  assert.equal(link.getAttribute("rel"), "noopener noreferrer");
  cleanup();
});

Deno.test("the copy button puts the whole address on the clipboard and says so", async () => {
  const written: string[] = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
  });
  renderInRouter(<Address address={POOL} chain="ETHEREUM" />);
  const copy = await screen.findByRole("button", { name: "Copy address" });
  await act(async () => {
    fireEvent.click(copy);
    await Promise.resolve();
  });
  assert.deepEqual(written, [POOL]);
  assert.equal(screen.getByRole("status").textContent, "Copied");
  cleanup();
});

Deno.test("without an explorer (a V4 pool id) there is no explorer link", async () => {
  const id = `0x${"ab".repeat(32)}`;
  renderInRouter(<Address address={id} chain="ETHEREUM" label="pool id" />);
  await screen.findByRole("button", { name: "0xabab…abab", description: id });
  assert.equal(screen.queryByRole("link"), null);
  cleanup();
});
