import "global-jsdom/register";
import { act, cleanup, createEvent, fireEvent, render, screen } from "@testing-library/react";
import assert from "node:assert/strict";
import { useState } from "react";
import { Button, IconButton } from "./button.tsx";
import { Select, TextInput, Toggle } from "./fields.tsx";
import { Callout, DetailRows } from "./detail_rows.tsx";
import { Segmented } from "./segmented.tsx";
import { Sheet } from "./sheet.tsx";
import { dismissToast, showToast, ToastRegion } from "./toast.tsx";

// jsdom has <dialog> without its modal methods: the browser's behaviour, reduced to the open attribute.
const dialogProto = globalThis.HTMLDialogElement?.prototype as
  | (HTMLDialogElement & Record<string, unknown>)
  | undefined;
if (dialogProto && typeof dialogProto.showModal !== "function") {
  dialogProto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  dialogProto.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
}

Deno.test("Button: variants, and a pending button is disabled, busy and says so", () => {
  let clicks = 0;
  const { rerender } = render(<Button variant="danger" onClick={() => clicks++}>Remove</Button>);
  const button = screen.getByRole("button", { name: "Remove" });
  assert.equal(button.getAttribute("type"), "button");
  assert.match(button.className, /control-danger/);
  fireEvent.click(button);
  assert.equal(clicks, 1);
  rerender(<Button pending pendingLabel="Swapping…" onClick={() => clicks++}>Swap</Button>);
  const pending = screen.getByRole("button", { name: "Swapping…" });
  assert.equal((pending as HTMLButtonElement).disabled, true);
  assert.equal(pending.getAttribute("aria-busy"), "true");
  fireEvent.click(pending);
  assert.equal(clicks, 1);
  cleanup();
});

Deno.test("IconButton: round, named by its label, the glyph hidden", () => {
  render(<IconButton label="Switch tokens">↓</IconButton>);
  const button = screen.getByRole("button", { name: "Switch tokens" });
  assert.match(button.className, /control-icon/);
  assert.equal(button.querySelector("[aria-hidden=true]")?.textContent, "↓");
  cleanup();
});

Deno.test("TextInput and Select: labelled, hint and error tied to the field", () => {
  render(
    <>
      <TextInput label="Recipient" hint="An 0x address" error="Enter the recipient's address" value="" readOnly />
      <Select label="Fee tier" value="3000" onChange={() => {}}>
        <option value="500">0.05%</option>
        <option value="3000">0.3%</option>
      </Select>
    </>,
  );
  const input = screen.getByRole("textbox", { name: "Recipient" });
  assert.equal(input.getAttribute("aria-invalid"), "true");
  const described = input.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!);
  assert.deepEqual(described.map((e) => e.textContent), ["An 0x address", "Enter the recipient's address"]);
  assert.equal(screen.getByRole("alert").textContent, "Enter the recipient's address");
  const select = screen.getByRole("combobox", { name: "Fee tier" }) as HTMLSelectElement;
  assert.equal(select.value, "3000");
  assert.equal(select.getAttribute("aria-invalid"), null);
  cleanup();
});

Deno.test("Toggle: a switch that reports its new state", () => {
  function Harness() {
    const [on, setOn] = useState(false);
    return <Toggle label="Unlimited approval" checked={on} onChange={setOn} />;
  }
  render(<Harness />);
  const toggle = screen.getByRole("switch", { name: "Unlimited approval" }) as HTMLInputElement;
  assert.equal(toggle.checked, false);
  fireEvent.click(toggle);
  assert.equal(toggle.checked, true);
  cleanup();
});

Deno.test("DetailRows: label/value pairs with tones, null rows skipped; Callout roles", () => {
  render(
    <>
      <DetailRows
        rows={[
          { label: "Price impact", value: "48.71%", tone: "danger", testId: "impact" },
          null,
          false,
          { label: "Network fee", value: "0.0021 ETH", note: "$6.30" },
        ]}
      />
      <Callout tone="warning" title="High price impact" alert>You lose about 7%</Callout>
    </>,
  );
  const terms = [...document.querySelectorAll("dt")].map((e) => e.textContent);
  assert.deepEqual(terms, ["Price impact", "Network fee"]);
  const impact = screen.getByTestId("impact");
  assert.equal(impact.dataset.tone, "danger");
  assert.match(impact.className, /control-tone-danger/);
  assert.equal(document.querySelectorAll("dd")[1].textContent, "0.0021 ETH$6.30");
  assert.equal(screen.getByRole("alert").textContent, "High price impactYou lose about 7%");
  cleanup();
});

Deno.test("Sheet: a named modal dialog; Escape and Close call onClose; focus returns", () => {
  let closed = 0;
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>Open</button>
        <Sheet
          open={open}
          title="Wallets"
          onClose={() => {
            closed++;
            setOpen(false);
          }}
        >
          <button type="button">Test Wallet</button>
        </Sheet>
      </>
    );
  }
  render(<Harness />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole("dialog", { name: "Wallets" });
  assert.equal(dialog.hasAttribute("open"), true);
  fireEvent(dialog, createEvent("cancel", dialog, { cancelable: true }));
  assert.equal(closed, 1);
  assert.equal(screen.queryByRole("dialog"), null);
  assert.equal(document.activeElement, opener);
  fireEvent.click(opener);
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  assert.equal(closed, 2);
  cleanup();
});

Deno.test("Toasts: shown in one polite live region, dismissed by the button or by id", () => {
  render(<ToastRegion />);
  const region = screen.getByRole("status", { name: "Notifications" });
  assert.equal(region.getAttribute("aria-live"), "polite");
  assert.equal(region.children.length, 0);
  let id = 0;
  act(() => {
    id = showToast({ tone: "positive", title: "Swapped 1 ETH for 322.14 UNI" }, 0);
    showToast({ tone: "danger", title: "Reverted" }, 0);
  });
  assert.deepEqual(screen.getAllByTestId("toast").map((t) => t.querySelector("strong")!.textContent), [
    "Swapped 1 ETH for 322.14 UNI",
    "Reverted",
  ]);
  act(() => dismissToast(id));
  assert.equal(screen.getAllByTestId("toast").length, 1);
  fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
  assert.equal(screen.queryAllByTestId("toast").length, 0);
  cleanup();
});

Deno.test("Segmented: a named group of buttons, only the chosen one pressed; a press picks its value", () => {
  function Harness() {
    const [value, setValue] = useState<"DAY" | "WEEK" | "MONTH">("DAY");
    return (
      <Segmented
        label="Chart period"
        testId="period"
        value={value}
        onChange={setValue}
        options={[{ value: "DAY", label: "1D" }, { value: "WEEK", label: "1W" }, { value: "MONTH", label: "1M" }]}
      />
    );
  }
  render(<Harness />);
  const group = screen.getByRole("group", { name: "Chart period" });
  assert.equal(group.className, "segmented");
  assert.equal(group.getAttribute("data-testid"), "period");
  const pressed = () => screen.getAllByRole("button").map((b) => `${b.textContent}:${b.getAttribute("aria-pressed")}`);
  assert.deepEqual(pressed(), ["1D:true", "1W:false", "1M:false"]);
  assert.ok(screen.getAllByRole("button").every((b) => b.getAttribute("type") === "button"));
  fireEvent.click(screen.getByRole("button", { name: "1M" }));
  assert.deepEqual(pressed(), ["1D:false", "1W:false", "1M:true"]);
  cleanup();
});
