/**
 * Every page route of the product, in one place. `path` is the react-router pattern; `href`
 * builds a concrete link. The pages themselves are in app/router.tsx.
 */
export const paths = {
  home: { path: "/", href: () => "/" },
  enter: { path: "/enter", href: (ref?: string) => (ref ? `/enter?ref=${encodeURIComponent(ref)}` : "/enter") },
  sanctum: { path: "/sanctum", href: () => "/sanctum" },

  auctionHub: { path: "/auction", href: () => "/auction" },
  biddingHall: { path: "/auctions", href: () => "/auctions" },
  auction: { path: "/auction/:id", href: (id: string | number) => `/auction/${id}` },
  lot: { path: "/lot/:lotNumber", href: (lotNumber: string | number) => `/lot/${lotNumber}` },
  auctionHistory: { path: "/auction-history", href: () => "/auction-history" },

  creditsHistory: { path: "/credits-history", href: () => "/credits-history" },
  earnedCredits: { path: "/earned-credits-breakdown", href: () => "/earned-credits-breakdown" },
  /** The notices the member is sent (outbid, closing, won): by e-mail and on each device. */
  notifications: { path: "/notifications", href: () => "/notifications" },
  /** The member's passkeys: named, removed, and a new one for this device. */
  passkeys: { path: "/passkeys", href: () => "/passkeys" },

  earnCredits: { path: "/earn-credits", href: () => "/earn-credits" },
  testEarnHome: { path: "/testearnhome", href: () => "/testearnhome" },
  puzzle: { path: "/puzzle/:slug", href: (slug: string) => `/puzzle/${slug}` },
  task: { path: "/task/:slug", href: (slug: string) => `/task/${slug}` },
  trial: { path: "/trial/:slug", href: (slug: string) => `/trial/${slug}` },
  subscribersFavor: { path: "/trial/subscribers-favor", href: () => "/trial/subscribers-favor" },
  covenant: { path: "/contract/covenant", href: () => "/contract/covenant" },
  ritual: { path: "/404/ritual", href: () => "/404/ritual" },

  catalogue: { path: "/gift-guide", href: () => "/gift-guide" },

  privacy: { path: "/privacy-policy", href: () => "/privacy-policy" },
  terms: { path: "/terms-conditions", href: () => "/terms-conditions" },
  faq: { path: "/faq", href: () => "/faq" },
  dataDeletion: { path: "/data-deletion", href: () => "/data-deletion" },

  void: { path: "/void", href: () => "/void" },
  knowledge: { path: "/knowledge", href: () => "/knowledge" },
  power: { path: "/power", href: () => "/power" },
  truth: { path: "/truth", href: () => "/truth" },

  notFound: { path: "/404", href: () => "/404" },

  /** The built-in dev shop's hosted checkout (the real shop's checkout in production). */
  devCheckout: { path: "/dev-shop/checkout/:id", href: (id: string) => `/dev-shop/checkout/${id}` },
  devProduct: { path: "/dev-shop/products/:handle", href: (handle: string) => `/dev-shop/products/${handle}` },

  admin: { path: "/admin", href: () => "/admin" },
  adminList: { path: "/admin-list", href: () => "/admin-list" },
  summary: { path: "/summary", href: () => "/summary" },
  adminCharts: { path: "/admin/charts", href: () => "/admin/charts" },
  adminConsole: { path: "/admin/console", href: () => "/admin/console" },
  /** Every answer and its verdict (filters, page and sort in the query). */
  adminAttempts: { path: "/admin/attempts", href: () => "/admin/attempts" },
  adminPuzzleNew: { path: "/admin/puzzle/new", href: () => "/admin/puzzle/new" },
  adminPuzzle: { path: "/admin/puzzle/:id", href: (id: string | number) => `/admin/puzzle/${id}` },
  adminTrialNew: { path: "/admin/trial/new", href: () => "/admin/trial/new" },
  adminTrial: { path: "/admin/trial/:id", href: (id: string | number) => `/admin/trial/${id}` },
  adminMembers: { path: "/admin/members", href: () => "/admin/members" },
  adminFairPlay: { path: "/admin/fair-play", href: () => "/admin/fair-play" },
  adminFairPlayFlag: { path: "/admin/fair-play/:id", href: (id: number) => `/admin/fair-play/${id}` },
  adminMember: { path: "/admin/members/:id", href: (id: string) => `/admin/members/${encodeURIComponent(id)}` },
  /** The whole calendar as a member sees it at an instant (`at`, ISO with its offset). */
  adminPreview: {
    path: "/admin/preview",
    href: (at?: string) => (at ? `/admin/preview?at=${encodeURIComponent(at)}` : "/admin/preview"),
  },
} as const;
