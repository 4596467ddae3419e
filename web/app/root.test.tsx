import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

function render(error: unknown) {
  const Boundary = ErrorBoundary as unknown as (props: { error: unknown }) => React.ReactElement;
  const Stub = createRoutesStub([{ path: "/", Component: () => <Boundary error={error} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("ErrorBoundary", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("shows a friendly page with a way back and no stack in production", () => {
    vi.stubEnv("DEV", false);
    const err = new Error("secret internals");
    const html = render(err);
    expect(html).toContain("Something went wrong");
    expect(html).toContain('href="/"');
    expect(html).toContain("Go to the home page");
    expect(html).toContain("Try again");
    expect(html).not.toContain("secret internals");
    expect(html).not.toContain("<pre");
  });

  it("shows the stack while developing", () => {
    vi.stubEnv("DEV", true);
    const html = render(new Error("while developing"));
    expect(html).toContain("<pre");
    expect(html).toContain("while developing");
  });
});
