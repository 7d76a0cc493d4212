/** Renders a component inside a React Router stub, as the app would. */
import "global-jsdom/register";
import { createRoutesStub } from "react-router";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";

/** Renders `element` at `path` inside a React Router stub, as the route `pattern`. */
export function renderInRouter(
  element: ReactElement,
  path = "/",
  pattern = "*",
): RenderResult {
  const Stub = createRoutesStub([
    { path: pattern, Component: () => element },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
