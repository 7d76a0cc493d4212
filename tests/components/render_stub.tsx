/** Renders a component inside a Remix stub router, as the app would. */
import "global-jsdom/register";
import { createRemixStub } from "@remix-run/testing";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";

/** Renders `element` at `path` inside a Remix router. */
export function renderInRemix(
  element: ReactElement,
  path = "/",
): RenderResult {
  const Stub = createRemixStub([
    { path: "*", Component: () => element },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
