import type { Runtime } from "@bm/core";
import type { FastifyInstance } from "fastify";
import { adminAnalyticsRoutes } from "./admin-analytics.routes";
import { adminAttemptsRoutes } from "./admin-attempts.routes";
import { adminAuditRoutes } from "./admin-audit.routes";
import { adminChallengesRoutes } from "./admin-challenges.routes";
import { adminConsoleRoutes } from "./admin-console.routes";
import { adminDeletionsRoutes } from "./admin-deletions.routes";
import { adminExportsRoutes } from "./admin-exports.routes";
import { adminGiftGuideRoutes } from "./admin-gift-guide.routes";
import { adminMembersRoutes } from "./admin-members.routes";
import { adminSeedsRoutes } from "./admin-seeds.routes";
import { adminSocialRiteRoutes } from "./admin-social-rite.routes";
import { adminSuspensionRoutes } from "./admin-suspension.routes";
import { auctionsRoutes } from "./auctions.routes";
import { authRoutes } from "./auth.routes";
import { cartRoutes } from "./cart.routes";
import { catalogueRoutes } from "./catalogue.routes";
import { challengesRoutes } from "./challenges.routes";
import { creditsRoutes } from "./credits.routes";
import { devShopRoutes } from "./dev-shop.routes";
import { lotsRoutes } from "./lots.routes";
import { noticesRoutes } from "./notices.routes";
import { privacyRoutes } from "./privacy.routes";
import { referralsRoutes } from "./referrals.routes";
import { shopifyWebhooksRoutes } from "./shopify-webhooks.routes";
import { specialTrialsRoutes } from "./special-trials.routes";
import { subscriberRoutes } from "./subscriber.routes";

/** Every feature's routes, registered in one place (health and the web app are the app's own). */
export async function registerRoutes(app: FastifyInstance, runtime: Runtime): Promise<void> {
  await app.register(authRoutes, { runtime, signOut: (sessionId) => app.disconnectSession(sessionId) });
  await app.register(creditsRoutes, { runtime });
  await app.register(lotsRoutes, { runtime });
  await app.register(noticesRoutes, { runtime });
  await app.register(auctionsRoutes, { runtime });
  await app.register(cartRoutes, { runtime });
  await app.register(catalogueRoutes, { runtime });
  await app.register(challengesRoutes, { runtime });
  await app.register(subscriberRoutes, { runtime });
  await app.register(specialTrialsRoutes, { runtime });
  await app.register(devShopRoutes, { runtime });
  await app.register(referralsRoutes, { runtime });
  await app.register(shopifyWebhooksRoutes, { runtime });
  await app.register(privacyRoutes, { runtime });
  // The operator's area: every route declared `admin`, a file per area of the admin app (web/src/features/admin-*).
  await app.register(adminChallengesRoutes, { runtime });
  await app.register(adminGiftGuideRoutes, { runtime });
  await app.register(adminSeedsRoutes, { runtime });
  await app.register(adminAnalyticsRoutes, { runtime });
  await app.register(adminAuditRoutes, { runtime });
  await app.register(adminDeletionsRoutes, { runtime });
  await app.register(adminMembersRoutes, { runtime });
  await app.register(adminExportsRoutes, { runtime });
  await app.register(adminConsoleRoutes, { runtime });
  await app.register(adminSuspensionRoutes, { runtime });
  await app.register(adminAttemptsRoutes, { runtime });
  await app.register(adminSocialRiteRoutes, { runtime });
}
