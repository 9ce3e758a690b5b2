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
  placeholder(paths.creditsHistory.path, "Credits History"),
  placeholder(paths.earnedCredits.path, "Earned Credits"),
  {
    path: paths.earnCredits.path,
    ...lazyPage(() => import("./routes/earn-credits").then((m) => ({ default: m.EarnCreditsPage }))),
  },
  {
    path: paths.testEarnHome.path,
    ...lazyPage(() => import("./routes/test-earn-home").then((m) => ({ default: m.TestEarnHomePage }))),
  },
  { path: paths.puzzle.path, ...lazyPage(() => import("./routes/challenge").then((m) => ({ default: m.PuzzlePage }))) },
  { path: paths.task.path, ...lazyPage(() => import("./routes/challenge").then((m) => ({ default: m.TrialPage }))) },
  { path: paths.trial.path, ...lazyPage(() => import("./routes/challenge").then((m) => ({ default: m.TrialPage }))) },
  placeholder(paths.subscribersFavor.path, "The Subscriber's Favour"),
  placeholder(paths.covenant.path, "The Covenant of One"),
  placeholder(paths.ritual.path, "The Ritual"),
  placeholder(paths.catalogue.path, "Forbidden Catalogue"),
  placeholder(paths.privacy.path, "Privacy Policy"),
  placeholder(paths.terms.path, "Terms & Conditions"),
  placeholder(paths.faq.path, "Frequently Asked Questions"),
  placeholder(paths.dataDeletion.path, "Data Deletion"),
  placeholder(paths.void.path, "The Void"),
  placeholder(paths.knowledge.path, "Knowledge"),
  placeholder(paths.power.path, "Power"),
  placeholder(paths.truth.path, "Truth"),
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
