import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { authKeys } from "../features/auth/api/get-user";
import { SiteHeader } from "./layout/site-header";
import { EnterPage } from "./routes/enter";
import { LandingPage } from "./routes/landing";

/**
 * The first screens of the front pages as a visitor (no one signed in) first sees them, rendered
 * from the app's own components when the app is built (web/vite.config.ts writes them to
 * dist/.vite/first-screens.json). The server paints one into the page's HTML for a visitor
 * without a session (api/src/plugins/page-hints.ts), so the page shows as its HTML arrives
 * instead of after its code has run; the app removes it once its own page is on screen
 * (first-screen.ts). Never part of the app's bundle.
 */
const PAGES: Record<string, ComponentType> = {
  "/": LandingPage,
  "/enter": EnterPage,
};

/**
 * The screen is a copy over the app, hidden from assistive technology and inert: its ids (its
 * pictures' gradients refer to them) get a prefix of their own, so the app's ids stay unique.
 */
const ownIds = (html: string) =>
  html.replace(/\sid="/g, ' id="fs-').replace(/url\(#/g, "url(#fs-").replace(/href="#/g, 'href="#fs-');

export function renderFirstScreens(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PAGES).map(([path, Page]) => {
      const client = new QueryClient();
      client.setQueryData(authKeys.user(), null);
      // RootLayout's frame around a page (web/src/app/layout/root-layout.tsx), signed out.
      const html = renderToStaticMarkup(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <div className="flex min-h-dvh flex-col">
              <SiteHeader />
              <div className="flex flex-1 flex-col">
                <Page />
              </div>
            </div>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      return [path, ownIds(html)];
    }),
  );
}
