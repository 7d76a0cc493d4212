/** Renders a component inside a Remix stub router, as the app would. */
import "global-jsdom/register";
import { createRemixStub } from "@remix-run/testing";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";

/** Renders `element` at `path` inside a Remix router, as the route `pattern`. */
export function renderInRemix(
  element: ReactElement,
  path = "/",
  pattern = "*",
): RenderResult {
  const Stub = createRemixStub([
    { path: pattern, Component: () => element },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
