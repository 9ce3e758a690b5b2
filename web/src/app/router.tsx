import { type ComponentType, lazy, useState } from "react";
import { matchRoutes, type Params, type RouteObject, useLocation, useRoutes } from "react-router-dom";
import { paths } from "../config/paths";
import { heldUser, RequireAdmin, RequireAuth } from "../features/auth";
import { queryClient } from "../lib/query-client";
import { RootLayout } from "./layout/root-layout";

/** What a route can start before its page renders: its code, and the data it will ask for. */
interface RouteHandle {
  /** Settles when the page's code has arrived (or failed to). */
  preload(params: Params): Promise<unknown>;
}

let pagesMade = 0;

/** A page's code: the component once it has arrived, and React's lazy one meanwhile. */
interface PageCode {
  loaded?: ComponentType;
  Lazy: ComponentType;
}

/**
 * Code that has arrived renders at once. `lazy` would suspend once even then, and React shows
 * content that ends a suspense no sooner than 300 ms after the last fallback it committed: on a
 * first visit that was the page's largest paint held back by 300 ms behind a spinner. Chosen once
 * per mounting, so a page never switches component (and loses its state) under a render.
 */
function LazyPage({ code }: { code: PageCode }) {
  const [Ready] = useState(() => code.loaded);
  return Ready ? <Ready /> : <code.Lazy />;
}

/**
 * Each page loads its own code, keeping the entry bundle small. The router is React Router's
 * declarative one (its data router would add 17 kB to every page for loaders nobody needs: the
 * server state lives in TanStack Query). A page's code is asked for as soon as its address is
 * known (`preloadRoute`, before the member is even looked up), and since navigations are
 * transitions, a link keeps the current page shown until the next one's code has arrived.
 */
function lazyPage(
  load: () => Promise<ComponentType>,
  prefetch?: (params: Params) => void,
): Pick<RouteObject, "element" | "handle"> {
  let code: Promise<{ default: ComponentType }> | undefined;
  const fetchCode = () => {
    code ??= load().then(
      (Component) => {
        page.loaded = Component;
        return { default: Component };
      },
      (error: unknown) => {
        code = undefined; // a failed chunk is asked for again on the next visit
        throw error;
      },
    );
    return code;
  };
  const page: PageCode = { Lazy: lazy(fetchCode) };
  // Keyed by the page: every route's element is a LazyPage, and without a key React would keep the
  // last page's instance (and the component it chose) when the address moves to another page.
  const key = `page-${++pagesMade}`;
  const handle: RouteHandle = {
    preload: (params) => {
      prefetch?.(params);
      return fetchCode().catch(() => {});
    },
  };
  return { element: <LazyPage key={key} code={page} />, handle };
}

const landingPage = lazyPage(() => import("./routes/landing").then((m) => m.LandingPage));
const enterPage = lazyPage(() => import("./routes/enter").then((m) => m.EnterPage));
const notFoundPage = lazyPage(() => import("./routes/not-found").then((m) => m.NotFoundPage));
const sanctumPage = lazyPage(() => import("./routes/sanctum").then((m) => m.SanctumPage));
const devCheckoutPage = lazyPage(() => import("./routes/dev-checkout").then((m) => m.DevCheckoutPage));

const biddingPages: RouteObject[] = [
  {
    path: paths.biddingHall.path,
    ...lazyPage(() => import("./routes/bidding-hall").then((m) => m.BiddingHallPage)),
  },
  {
    path: paths.lot.path,
    // The page's code and its lot are asked for together, while the member is still being learnt.
    ...lazyPage(
      () => import("./routes/lot").then((m) => m.LotPage),
      ({ lotNumber = "" }) => {
        if (/^\d+$/.test(lotNumber))
          void import("../features/lots/api/get-lot").then((m) => m.prefetchLot(queryClient, Number(lotNumber)));
      },
    ),
  },
  {
    path: paths.auctionHub.path,
    ...lazyPage(() => import("./routes/auction-hub").then((m) => m.AuctionHubPage)),
  },
  {
    path: paths.auction.path,
    ...lazyPage(() => import("./routes/auction-detail").then((m) => m.AuctionDetailPage)),
  },
  {
    path: paths.auctionHistory.path,
    ...lazyPage(() => import("./routes/auction-history").then((m) => m.AuctionHistoryPage)),
  },
];

/** The members' pages of the earn-credits game, the catalogue, the credits, the notices and the flavour. */
const memberPages: RouteObject[] = [
  { path: paths.creditsHistory.path, ...lazyPage(() => import("./routes/credits-history").then((m) => m.default)) },
  { path: paths.earnedCredits.path, ...lazyPage(() => import("./routes/earned-credits").then((m) => m.default)) },
  { path: paths.notifications.path, ...lazyPage(() => import("./routes/notifications").then((m) => m.default)) },
  { path: paths.passkeys.path, ...lazyPage(() => import("./routes/passkeys").then((m) => m.default)) },
  {
    path: paths.earnCredits.path,
    ...lazyPage(() => import("./routes/earn-credits").then((m) => m.EarnCreditsPage)),
  },
  {
    path: paths.testEarnHome.path,
    ...lazyPage(() => import("./routes/test-earn-home").then((m) => m.TestEarnHomePage)),
  },
  { path: paths.puzzle.path, ...lazyPage(() => import("./routes/challenge").then((m) => m.PuzzlePage)) },
  { path: paths.task.path, ...lazyPage(() => import("./routes/challenge").then((m) => m.TrialPage)) },
  { path: paths.trial.path, ...lazyPage(() => import("./routes/challenge").then((m) => m.TrialPage)) },
  {
    path: paths.subscribersFavor.path,
    ...lazyPage(() => import("./routes/special-trials").then((m) => m.SubscribersFavourPage)),
  },
  { path: paths.ritual.path, ...lazyPage(() => import("./routes/special-trials").then((m) => m.RitualRoute)) },
  { path: paths.covenant.path, ...lazyPage(() => import("./routes/covenant").then((m) => m.default)) },
  { path: paths.catalogue.path, ...lazyPage(() => import("./routes/catalogue").then((m) => m.default)) },
  { path: paths.void.path, ...lazyPage(() => import("./routes/flavour").then((m) => m.Void)) },
  { path: paths.knowledge.path, ...lazyPage(() => import("./routes/flavour").then((m) => m.Knowledge)) },
  { path: paths.power.path, ...lazyPage(() => import("./routes/flavour").then((m) => m.Power)) },
  { path: paths.truth.path, ...lazyPage(() => import("./routes/flavour").then((m) => m.Truth)) },
];

/** The operator's pages: one chunk (routes/admin.tsx), fetched only for an admin. */
const loadAdminPages = () => import("./routes/admin");

/**
 * An operator's page: its code is fetched only for an admin, never by a member who types the
 * address (they get 'Access Denied' without it). Before the user is known nothing is preloaded;
 * the page then loads as `RequireAdmin` renders it.
 */
function adminPage(
  pick: (pages: Awaited<ReturnType<typeof loadAdminPages>>) => ComponentType,
): Pick<RouteObject, "element" | "handle"> {
  const page = lazyPage(() => loadAdminPages().then(pick));
  const handle: RouteHandle = {
    preload: (params) =>
      heldUser()?.isAdmin ? (page.handle as RouteHandle).preload(params) : Promise.resolve(undefined),
  };
  return { element: page.element, handle };
}

const adminPages: RouteObject[] = [
  { path: paths.admin.path, ...adminPage((m) => m.AdminDashboardPage) },
  { path: paths.adminList.path, ...adminPage((m) => m.AdminContentPage) },
  { path: paths.summary.path, ...adminPage((m) => m.AdminSummaryPage) },
  { path: paths.adminCharts.path, ...adminPage((m) => m.AdminChartsPage) },
  { path: paths.adminPreview.path, ...adminPage((m) => m.AdminPreviewPage) },
  { path: paths.adminConsole.path, ...adminPage((m) => m.AdminConsolePage) },
  { path: paths.adminAttempts.path, ...adminPage((m) => m.AdminAttemptsPage) },
  { path: paths.adminPuzzleNew.path, ...adminPage((m) => m.NewPuzzleRoute) },
  { path: paths.adminPuzzle.path, ...adminPage((m) => m.PuzzleEditorRoute) },
  { path: paths.adminTrialNew.path, ...adminPage((m) => m.NewTrialRoute) },
  { path: paths.adminTrial.path, ...adminPage((m) => m.TrialEditorRoute) },
  { path: paths.adminMembers.path, ...adminPage((m) => m.AdminMembersPage) },
  { path: paths.adminMember.path, ...adminPage((m) => m.AdminMemberRoute) },
  { path: paths.adminFairPlay.path, ...adminPage((m) => m.AdminFairPlayPage) },
  { path: paths.adminFairPlayFlag.path, ...adminPage((m) => m.AdminFairPlayFlagRoute) },
];

/** The facts the written pages state (support address, delays, dates), asked for with their code. */
const prefetchSite = () => void import("../lib/site").then((m) => m.prefetchSite(queryClient));

/** The House's written pages and data deletion: open to anyone, signed in or not (spec 001 section 2). */
const publicPages: RouteObject[] = [
  {
    path: paths.privacy.path,
    ...lazyPage(() => import("./routes/legal").then((m) => m.PrivacyPolicy), prefetchSite),
  },
  {
    path: paths.terms.path,
    ...lazyPage(() => import("./routes/legal").then((m) => m.Terms), prefetchSite),
  },
  {
    path: paths.faq.path,
    ...lazyPage(() => import("./routes/legal").then((m) => m.Faq), prefetchSite),
  },
  {
    path: paths.dataDeletion.path,
    ...lazyPage(() => import("./routes/data-deletion").then((m) => m.default), prefetchSite),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, ...landingPage },
      { path: paths.enter.path, ...enterPage },
      { path: paths.notFound.path, ...notFoundPage },
      ...publicPages,
      {
        element: <RequireAuth />,
        children: [
          { path: paths.sanctum.path, ...sanctumPage },
          { path: paths.devCheckout.path, ...devCheckoutPage },
          { path: paths.devProduct.path, ...lazyPage(() => import("./routes/dev-product").then((m) => m.default)) },
          ...biddingPages,
          ...memberPages,
          { element: <RequireAdmin />, children: adminPages },
        ],
      },
      { path: "*", ...notFoundPage },
    ],
  },
];

/**
 * Starts the code (and the data, where a page says which) of the page at `pathname`; settles when
 * the code has arrived.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.handle as RouteHandle | undefined)?.preload(match.params),
    ),
  );
}

/** The pages. Each navigation starts its page's code and data as it begins, not as it renders. */
export function AppRoutes() {
  const location = useLocation();
  preloadOnce(location.key, location.pathname);
  return useRoutes(routes, location);
}

/** The address preloaded before the first render (main.tsx): the first location's preload. */
let preloadedBeforeRender: string | undefined;

/** `preloadRoute` for the address the app opens on, called once before its first render. */
export function preloadFirstRoute(pathname: string): Promise<unknown> {
  preloadedBeforeRender = pathname;
  return preloadRoute(pathname);
}

let preloadedKey: string | undefined;
/**
 * Rendering may repeat (a transition, strict mode): each location preloads once, and the first
 * not again when it was preloaded before the render (asked again, a lot that had arrived would be
 * fetched a second time, with its bids).
 */
function preloadOnce(key: string, pathname: string): void {
  if (key === preloadedKey) return;
  const first = preloadedKey === undefined;
  preloadedKey = key;
  if (first && pathname === preloadedBeforeRender) return;
  void preloadRoute(pathname);
}
