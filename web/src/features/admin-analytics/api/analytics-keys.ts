/** Where the admin's figures live in the query cache. */
export const analyticsKeys = {
  logins: () => ["admin", "analytics", "logins"] as const,
  trials: () => ["admin", "analytics", "trials"] as const,
  puzzles: () => ["admin", "analytics", "puzzles"] as const,
  summary: () => ["admin", "analytics", "summary"] as const,
  chart: (name: "signups" | "bids" | "credits" | "economy") => ["admin", "charts", name] as const,
};
