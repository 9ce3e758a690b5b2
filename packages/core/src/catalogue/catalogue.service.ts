import { randomBytes } from "node:crypto";
import {
  availableCents,
  CatalogueMessages,
  type GiftGuideAnswer,
  type GiftGuideProductView,
  merchandiseIdFor,
  type PurchaseWithCreditsAnswer,
  type PurchaseWithCreditsBody,
  rooms,
  toCents,
} from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { UserRepository } from "../users/user.repository";
import type { CatalogueProduct, CatalogueRepository } from "./catalogue.repository";
import { CATALOGUE_SEED } from "./catalogue-seed";

export interface CatalogueDeps {
  tx: Transactor;
  catalogue: CatalogueRepository;
  users: UserRepository;
  shop: ShopPort;
  ledger: LedgerService;
  credits: CreditsService;
  realtime: RealtimePort;
  clock: Clock;
  log: Logger;
  claimWindowHours: number;
  /** The shop's own page of a product, by handle. */
  productUrl: (handle: string) => string;
}

export interface CatalogueViewer {
  id: string;
  email: string;
  isStaff: boolean;
  isAdmin: boolean;
}

const HOUR_MS = 3600_000;
/** The numeric part of a shop id ("gid://shopify/ProductVariant/2001" and "2001" are the same variant). */
const numericPart = (id: string) => id.trim().slice(id.trim().lastIndexOf("/") + 1);

/**
 * The Forbidden Catalogue: the gift guide products members see (cash-priced, price descending)
 * and, for staff, the credit-priced ones they may buy with credits. A credit purchase takes the
 * product, variant and credit price from the catalogue (never from the body), holds the credits
 * while its discounted checkout is open, deducts them once when it is paid and releases them when
 * the claim window passes unpaid (the checkout withdrawn first; a payment that raced it is honoured).
 */
export class CatalogueService {
  constructor(private readonly deps: CatalogueDeps) {}

  /** Seeds the ten products once (the seed service at start-up, in its transaction); answers how many were added. */
  async ensureProductsIn(t: Tx): Promise<number> {
    const { catalogue } = this.deps;
    if ((await catalogue.productCount(t)) > 0) return 0;
    for (const row of CATALOGUE_SEED) await catalogue.insertProduct(row, t);
    return CATALOGUE_SEED.length;
  }

  async list(viewer: CatalogueViewer): Promise<GiftGuideAnswer> {
    const products = (await this.deps.catalogue.activeProducts()).map((p) => this.view(p));
    const cash = products.filter((p) => p.creditPrice === null);
    if (!isStaff(viewer)) return { products: cash };
    return { products: cash, creditProducts: products.filter((p) => p.creditPrice !== null) };
  }

  async purchaseWithCredits(
    viewer: CatalogueViewer,
    body: PurchaseWithCreditsBody,
    buyerIp?: string,
  ): Promise<PurchaseWithCreditsAnswer> {
    const { tx, catalogue, users, shop, credits, realtime, clock, log, claimWindowHours } = this.deps;
    if (!isStaff(viewer)) throw new ForbiddenError();
    const product = await catalogue.activeProduct(body.productId);
    if (!product) throw new NotFoundError(CatalogueMessages.productNotFound);
    const creditPrice = product.creditPrice;
    if (creditPrice === null) throw new ValidationError(CatalogueMessages.notForCredits);
    if (!sameAsCatalogue(product, creditPrice, body)) throw new ValidationError(CatalogueMessages.mismatch);
    const cents = creditPrice * 100;
    // Checked before the shop is asked (no checkout for a member who cannot pay), again when held.
    if ((await this.availableCents(viewer.id)) < cents) throw new ConflictError(CatalogueMessages.notEnoughCredits);

    const discountCode = `CREDITS-${randomBytes(5).toString("hex").toUpperCase()}`;
    const checkout = await shop.createCheckout({
      lines: [{ merchandiseId: merchandiseIdFor(product.shopifyVariantId), quantity: 1 }],
      email: viewer.email,
      discount: { code: discountCode, amountCents: cents },
      buyerIp,
    });
    const held = await tx
      .run(async (t) => {
        // The member's row first, as a bid takes it: their spending is decided one at a time.
        const balance = await users.lockBalance(viewer.id, t);
        const committed = await credits.committedCents(viewer.id, t);
        if (balance === null || availableCents(balance, committed) < cents) return false;
        const now = clock.now();
        await catalogue.insertPurchase(
          {
            userId: viewer.id,
            product,
            credits: String(creditPrice),
            checkoutId: checkout.id,
            cartUrl: checkout.checkoutUrl,
            discountCode,
            expiresAt: new Date(now.getTime() + claimWindowHours * HOUR_MS),
          },
          t,
        );
        return true;
      })
      .catch(async (error: unknown) => {
        // Refused under the lock (a suspension that came meanwhile): the discount must not stay payable.
        await shop.cancelCheckout(checkout.id).catch((err) => log.warn({ err }, "cancelling a checkout failed"));
        throw error;
      });
    if (!held) {
      // Another spend took the credits meanwhile: the discount must not stay payable.
      await shop.cancelCheckout(checkout.id).catch((error) => log.warn({ err: error }, "cancelling a checkout failed"));
      throw new ConflictError(CatalogueMessages.notEnoughCredits);
    }
    realtime.emit(rooms.user(viewer.id), "user:credits", await credits.snapshot(viewer.id));
    return { cartUrl: checkout.checkoutUrl, creditsSpent: creditPrice };
  }

  /** The shop reports this checkout paid: if it is a credit purchase's, its credits are deducted, once. */
  async recordPaidCheckout(checkoutId: string): Promise<boolean> {
    const { tx, catalogue, users, ledger, realtime, credits, clock, log } = this.deps;
    const found = await catalogue.purchaseOfCheckout(checkoutId);
    if (!found) return false;
    const paid = await tx.run(async (t) => {
      await users.lockForSettlement(found.userId, t);
      const purchase = await catalogue.lockPurchase(found.id, t);
      if (purchase?.status === "released") {
        log.warn({ purchaseId: found.id, checkoutId }, "an order was paid for a credit purchase already released");
      }
      if (purchase?.status !== "held") return false;
      await catalogue.markPaid(purchase.id, clock.now(), t);
      await ledger.apply(t, {
        userId: purchase.userId,
        amountCents: -toCents(purchase.creditsSpent),
        kind: "catalogue",
        sourceId: `credit-purchase:${purchase.id}`,
        title: purchase.productTitle,
      });
      return true;
    });
    if (paid) realtime.emit(rooms.user(found.userId), "user:credits", await credits.snapshot(found.userId));
    return paid;
  }

  /** Held purchases whose window passed: checkout withdrawn first, then the hold released (or the payment recorded). */
  async releaseExpired(): Promise<number> {
    const { catalogue, shop, realtime, credits, clock, log } = this.deps;
    let released = 0;
    for (const { id, checkoutId } of await catalogue.dueForRelease(clock.now(), 100)) {
      if (checkoutId && (await shop.cancelCheckout(checkoutId)) === "paid") {
        await this.recordPaidCheckout(checkoutId);
        log.info({ purchaseId: id }, "credit purchase paid as its window closed: recorded, not released");
        continue;
      }
      const userId = await catalogue.release(id, clock.now());
      if (!userId) continue;
      released += 1;
      realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
    }
    return released;
  }

  private async availableCents(userId: string): Promise<number> {
    const snapshot = await this.deps.credits.snapshot(userId);
    return Math.round(snapshot.available * 100);
  }

  private view(product: CatalogueProduct): GiftGuideProductView {
    return { ...product, imageUrls: product.imageUrls ?? [], productUrl: this.deps.productUrl(product.handle) };
  }
}

function isStaff(viewer: CatalogueViewer): boolean {
  return viewer.isStaff || viewer.isAdmin;
}

/** Every field of the body names the catalogue's own product, variant, price and credits. */
function sameAsCatalogue(product: CatalogueProduct, creditPrice: number, body: PurchaseWithCreditsBody): boolean {
  return (
    numericPart(body.shopifyProductId) === numericPart(product.shopifyProductId) &&
    numericPart(body.shopifyVariantId) === numericPart(product.shopifyVariantId) &&
    body.creditsRequired === creditPrice &&
    toCents(body.productPrice) === toCents(product.price)
  );
}
