import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { Spinner } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { RequireAdmin, RequireAuth } from "../features/auth";
import { DevCheckoutPage } from "../features/dev-shop/components/dev-checkout-page";
import { RootLayout } from "./layout/root-layout";
import { EnterPage } from "./routes/enter";
import { LandingPage } from "./routes/landing";
import { NotFoundPage } from "./routes/not-found";
import { PlaceholderPage } from "./routes/placeholder";
import { SanctumPage } from "./routes/sanctum";

/** The bidding area loads on first visit, keeping the entry bundle small. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <div role="status" className="flex flex-1 items-center justify-center py-24">
          <Spinner className="h-8 w-8" />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}

const biddingPages: RouteObject[] = [
  {
    path: paths.biddingHall.path,
    element: lazyPage(() => import("./routes/bidding-hall").then((m) => ({ default: m.BiddingHallPage }))),
  },
  {
    path: paths.lot.path,
    // The page's code and its lot are asked for together, while the user is still being learnt.
    loader: ({ params }) => {
      void import("./routes/lot").then((m) => m.prefetchLotPage(params.lotNumber));
      return null;
    },
    hydrateFallbackElement: (
      <div role="status" className="flex flex-1 items-center justify-center py-24">
        <Spinner className="h-8 w-8" />
      </div>
    ),
    element: lazyPage(() => import("./routes/lot").then((m) => ({ default: m.LotPage }))),
  },
  {
    path: paths.auctionHub.path,
    element: lazyPage(() => import("./routes/auction-hub").then((m) => ({ default: m.AuctionHubPage }))),
  },
  {
    path: paths.auction.path,
    element: lazyPage(() => import("./routes/auction-detail").then((m) => ({ default: m.AuctionDetailPage }))),
  },
  {
    path: paths.auctionHistory.path,
    element: lazyPage(() => import("./routes/auction-history").then((m) => ({ default: m.AuctionHistoryPage }))),
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
    children: [
      { path: paths.home.path, element: <LandingPage /> },
      { path: paths.enter.path, element: <EnterPage /> },
      { path: paths.notFound.path, element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.sanctum.path, element: <SanctumPage /> },
          { path: paths.devCheckout.path, element: <DevCheckoutPage /> },
          ...biddingPages,
          ...memberPlaceholders,
          { element: <RequireAdmin />, children: adminPlaceholders },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
