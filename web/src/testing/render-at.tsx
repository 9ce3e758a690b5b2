import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigateOptions,
  type To,
  useLocation,
  useNavigate,
} from "react-router-dom";

/** What a test can ask of the router it rendered: where it is, and to go elsewhere. */
export interface TestRouter {
  readonly location: Location;
  /** A number steps through the history (-1: Back). */
  navigate(to: To | number, options?: NavigateOptions): void;
}

function Probe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** Renders `routes` (an `<AppRoutes />` or a `<Routes>`) in a memory router opened at `url`. */
export function renderAt(url: string, routes: ReactNode, client?: QueryClient): TestRouter {
  const held: { location?: Location; navigate?: NavigateFunction } = {};
  const tree = (
    <MemoryRouter initialEntries={[url]}>
      <Probe into={held} />
      {routes}
    </MemoryRouter>
  );
  render(client ? <QueryClientProvider client={client}>{tree}</QueryClientProvider> : tree);
  return {
    get location() {
      if (!held.location) throw new Error("the router has not rendered");
      return held.location;
    },
    navigate(to, options) {
      if (!held.navigate) throw new Error("the router has not rendered");
      void (typeof to === "number" ? held.navigate(to) : held.navigate(to, options));
    },
  };
}
