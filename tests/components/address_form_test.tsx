import "global-jsdom/register";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { render } from "@testing-library/react";
import { useSearchParams } from "react-router";
import assert from "node:assert/strict";
import { AddressForm } from "../../app/components/address_form.tsx";

// React Router forms build their submission with FormData: use jsdom's, which
// understands jsdom form elements (Deno's own does not).
globalThis.FormData = document.defaultView!.FormData;

const GOOD = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

function Shown() {
  const [search] = useSearchParams();
  return <p data-testid="shown">{search.get("address") ?? "none"}</p>;
}

function renderForm() {
  const Stub = createRoutesStub([
    {
      path: "/portfolio",
      Component: () => (
        <>
          <AddressForm />
          <Shown />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/portfolio"]} />);
}

Deno.test("address form blocks an invalid address and shows why", async () => {
  renderForm();
  const input = await screen.findByLabelText("Wallet address");
  fireEvent.change(input, { target: { value: "0x1234" } });
  fireEvent.click(screen.getByRole("button", { name: "View portfolio" }));
  const alert = await screen.findByRole("alert");
  assert.equal(alert.textContent, 'Cannot parse address "0x1234": expected 40 hex digits, got 4');
  assert.equal(input.getAttribute("aria-invalid"), "true");
  assert.equal(screen.getByTestId("shown").textContent, "none");
  cleanup();
});

Deno.test("address form submits a valid address as ?address=", async () => {
  renderForm();
  const input = await screen.findByLabelText("Wallet address");
  fireEvent.change(input, { target: { value: GOOD } });
  fireEvent.click(screen.getByRole("button", { name: "View portfolio" }));
  await waitFor(() => assert.equal(screen.getByTestId("shown").textContent, GOOD));
  assert.equal(screen.queryByRole("alert"), null);
  cleanup();
});
