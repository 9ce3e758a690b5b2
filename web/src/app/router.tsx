import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { FullScreenLoader } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { RequireAdmin, RequireAuth } from "../features/auth";
import { RootLayout } from "./layout/root-layout";
import { PlaceholderPage } from "./routes/placeholder";

/**
 * Each page loads its own code, keeping the entry bundle small. Through the router's `lazy`, the
 * first page's code is fetched as soon as the router exists (beside the sign-in check), and a
 * link keeps the current page shown until the next one's code has arrived.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const landingPage = lazyPage(() => import("./routes/landing").then((m) => ({ default: m.LandingPage })));
const enterPage = lazyPage(() => import("./routes/enter").then((m) => ({ default: m.EnterPage })));
const notFoundPage = lazyPage(() => import("./routes/not-found").then((m) => ({ default: m.NotFoundPage })));
const sanctumPage = lazyPage(() => import("./routes/sanctum").then((m) => ({ default: m.SanctumPage })));
const devCheckoutPage = lazyPage(() => import("./routes/dev-checkout").then((m) => ({ default: m.DevCheckoutPage })));

const biddingPages: RouteObject[] = [
  {
    path: paths.biddingHall.path,
    ...lazyPage(() => import("./routes/bidding-hall").then((m) => ({ default: m.BiddingHallPage }))),
  },
  {
    path: paths.lot.path,
    // The page's code and its lot are asked for together, while the user is still being learnt.
    loader: ({ params }) => {
      void import("./routes/lot").then((m) => m.prefetchLotPage(params.lotNumber));
      return null;
    },
    ...lazyPage(() => import("./routes/lot").then((m) => ({ default: m.LotPage }))),
  },
  {
    path: paths.auctionHub.path,
    ...lazyPage(() => import("./routes/auction-hub").then((m) => ({ default: m.AuctionHubPage }))),
  },
  {
    path: paths.auction.path,
    ...lazyPage(() => import("./routes/auction-detail").then((m) => ({ default: m.AuctionDetailPage }))),
  },
  {
    path: paths.auctionHistory.path,
    ...lazyPage(() => import("./routes/auction-history").then((m) => ({ default: m.AuctionHistoryPage }))),
  },
];

const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});

/** Member pages still being built: each keeps its route and says so honestly. */
const memberPlaceholders: RouteObject[] = [
  { path: paths.creditsHistory.path, ...lazyPage(() => import("./routes/credits-history")) },
  { path: paths.earnedCredits.path, ...lazyPage(() => import("./routes/earned-credits")) },
  placeholder(paths.earnCredits.path, "Harvest Credits"),
  placeholder(paths.testEarnHome.path, "All Puzzles & Trials"),
  placeholder(paths.puzzle.path, "Puzzle"),
  placeholder(paths.task.path, "Trial"),
  placeholder(paths.trial.path, "Trial"),
  placeholder(paths.subscribersFavor.path, "The Subscriber's Favour"),
  placeholder(paths.covenant.path, "The Covenant of One"),
  placeholder(paths.ritual.path, "The Ritual"),
  placeholder(paths.catalogue.path, "Forbidden Catalogue"),
  placeholder(paths.privacy.path, "Privacy Policy"),
  placeholder(paths.terms.path, "Terms & Conditions"),
  placeholder(paths.faq.path, "Frequently Asked Questions"),
  placeholder(paths.dataDeletion.path, "Data Deletion"),
  { path: paths.void.path, ...lazyPage(() => import("./routes/flavour").then((m) => ({ default: m.Void }))) },
  { path: paths.knowledge.path, ...lazyPage(() => import("./routes/flavour").then((m) => ({ default: m.Knowledge }))) },
  { path: paths.power.path, ...lazyPage(() => import("./routes/flavour").then((m) => ({ default: m.Power }))) },
  { path: paths.truth.path, ...lazyPage(() => import("./routes/flavour").then((m) => ({ default: m.Truth }))) },
];

const adminPlaceholders: RouteObject[] = [
  placeholder(paths.admin.path, "Admin Dashboard"),
  placeholder(paths.adminList.path, "Content Management"),
  placeholder(paths.summary.path, "Activity Summary"),
  placeholder(paths.adminPuzzleNew.path, "New Puzzle"),
  placeholder(paths.adminPuzzle.path, "Edit Puzzle"),
  placeholder(paths.adminTrialNew.path, "New Trial"),
  placeholder(paths.adminTrial.path, "Edit Trial"),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first page's code arrives (the same screen as while the member is looked up).
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: paths.home.path, ...landingPage },
      { path: paths.enter.path, ...enterPage },
      { path: paths.notFound.path, ...notFoundPage },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.sanctum.path, ...sanctumPage },
          { path: paths.devCheckout.path, ...devCheckoutPage },
          ...biddingPages,
          ...memberPlaceholders,
          { element: <RequireAdmin />, children: adminPlaceholders },
        ],
      },
      { path: "*", ...notFoundPage },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creating the router starts loading the first page's code (its route's `lazy`). */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
