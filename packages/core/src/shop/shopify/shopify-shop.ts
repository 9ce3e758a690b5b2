import type { Clock } from "../../ports/clock";
import {
  type Checkout,
  type CheckoutRequest,
  matchesSearch,
  type ProductPage,
  type ProductSearch,
  ShopError,
  type ShopOrder,
  type ShopPort,
  type ShopProduct,
  searchWords,
} from "../../ports/shop";
import { ShopifyCheckouts } from "./checkouts";
import { firstUserError, ShopRefusedError, type UserError } from "./errors";
import { type OrderNode, type ProductNode, searchValue, toGid, toOrder, toProduct } from "./mappers";
import { CONSENT_UPDATE, CUSTOMER_BY_EMAIL, CUSTOMER_CREATE, GET_PRODUCT, LIST_PRODUCTS, PAID_ORDERS } from "./queries";
import { ClientCredentialsToken, FixedAdminToken } from "./token";
import { ShopifyTransport, type TransportOptions } from "./transport";

export interface ShopifyShopOptions {
  /** https://shop.myshopify.com, or http://127.0.0.1:port for the fake server. */
  origin: string;
  apiVersion: string;
  auth: { adminToken: string } | { clientId: string; clientSecret: string };
  storefrontToken: string;
  clock: Clock;
  /** The shop's currency, for the price of a custom line (a won lot). */
  currencyCode?: string;
  /** Page size of the orders query (Shopify allows up to 250). */
  ordersPageSize?: number;
  /** Retry knobs and a fake sleep, for tests. */
  transport?: Pick<TransportOptions, "sleep" | "maxAttempts" | "backoffMs" | "maxWaitMs" | "fetch">;
  /** Token clock (ms since the epoch) for the client-credentials expiry, for tests. */
  tokenNow?: () => number;
}

/** Bounds on paging: a runaway cursor cannot loop for ever. */
const MAX_PRODUCT_PAGES = 20;
const MAX_ORDER_PAGES = 50;

/** `defaultEmailAddress` replaced the deprecated `email` / `emailMarketingConsent` in 2025-04. */
interface Customer {
  id: string;
  defaultEmailAddress: { emailAddress: string | null; marketingState: string } | null;
}

/** The merchant's Shopify store behind the shop port: Admin GraphQL, and Storefront for carts. */
export class ShopifyShop implements ShopPort {
  readonly kind = "shopify" as const;
  readonly tokens: ClientCredentialsToken | FixedAdminToken;
  private readonly transport: ShopifyTransport;
  private readonly checkouts: ShopifyCheckouts;

  constructor(private readonly options: ShopifyShopOptions) {
    const origin = options.origin.replace(/\/$/, "");
    this.tokens =
      "adminToken" in options.auth
        ? new FixedAdminToken(options.auth.adminToken)
        : new ClientCredentialsToken({
            origin,
            ...options.auth,
            fetch: options.transport?.fetch,
            now: options.tokenNow,
          });
    this.transport = new ShopifyTransport({
      origin,
      apiVersion: options.apiVersion,
      adminToken: this.tokens,
      storefrontToken: options.storefrontToken,
      ...options.transport,
    });
    this.checkouts = new ShopifyCheckouts(this.transport, options.clock, options.currencyCode ?? "USD", (email) =>
      this.customerId(email),
    );
  }

  async listProducts(): Promise<ShopProduct[]> {
    const products: ShopProduct[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PRODUCT_PAGES; page += 1) {
      const answer: { products: { nodes: ProductNode[]; pageInfo: PageInfo } } = await this.transport.adminRequest(
        LIST_PRODUCTS,
        { first: 100, after, query: "status:active" },
      );
      products.push(...answer.products.nodes.map(toProduct));
      if (!answer.products.pageInfo.hasNextPage) break;
      after = answer.products.pageInfo.endCursor;
    }
    return products;
  }

  /**
   * One page of the operator's picker: Shopify's product search on title and handle (each word a
   * wildcard term, case-insensitive), in title order. Its search is loose, so each product is
   * checked again here.
   */
  async searchProducts(search: ProductSearch): Promise<ProductPage> {
    const words = searchWords(search.text).map((w) => w.replace(/'/g, ""));
    const query = ["status:active", ...words.map((w) => `(title:*${w}* OR handle:*${w}*)`)].join(" AND ");
    const answer = await this.transport.adminRequest<{ products: { nodes: ProductNode[]; pageInfo: PageInfo } }>(
      LIST_PRODUCTS,
      { first: search.first, after: search.after ?? null, query },
    );
    return {
      products: answer.products.nodes.map(toProduct).filter((p) => matchesSearch(p, search.text)),
      nextCursor: answer.products.pageInfo.hasNextPage ? answer.products.pageInfo.endCursor : null,
    };
  }

  async getProduct(id: string): Promise<ShopProduct | null> {
    const gid = toGid("Product", id);
    if (!gid) return null;
    const answer = await this.transport.adminRequest<{ product: ProductNode | null }>(GET_PRODUCT, { id: gid });
    return answer.product ? toProduct(answer.product) : null;
  }

  createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return this.checkouts.create(request);
  }

  cancelCheckout(checkoutId: string): Promise<"cancelled" | "paid"> {
    return this.checkouts.cancel(checkoutId);
  }

  /**
   * Paid orders of the customer at or after `since`, every page. Shopify's search is loose (a
   * term can match other fields), so each order is checked again here: its e-mail, PAID, the time.
   */
  async paidOrders(email: string, since: Date): Promise<ShopOrder[]> {
    if (Number.isNaN(since.getTime())) throw new ShopError("the earning window's start is not a valid time");
    const wanted = email.trim().toLowerCase();
    const query = `email:${searchValue(wanted)} financial_status:paid created_at:>='${since.toISOString()}'`;
    const orders: ShopOrder[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_ORDER_PAGES; page += 1) {
      const answer: { orders: { nodes: OrderNode[]; pageInfo: PageInfo } } = await this.transport.adminRequest(
        PAID_ORDERS,
        { first: this.options.ordersPageSize ?? 100, after, query },
      );
      for (const node of answer.orders.nodes) {
        const order = toOrder(node);
        if (node.displayFinancialStatus !== "PAID" || order.email !== wanted) continue;
        if (order.createdAt.getTime() < since.getTime()) continue;
        orders.push(order);
      }
      if (!answer.orders.pageInfo.hasNextPage) break;
      after = answer.orders.pageInfo.endCursor;
    }
    return orders;
  }

  async isSubscribed(email: string): Promise<boolean> {
    const customer = await this.findCustomer(email);
    return customer?.defaultEmailAddress?.marketingState === "SUBSCRIBED";
  }

  async subscribe(email: string): Promise<void> {
    const customerId = await this.customerId(email);
    const answer = await this.transport.adminRequest<{
      customerEmailMarketingConsentUpdate: { userErrors: UserError[] } | null;
    }>(CONSENT_UPDATE, {
      input: {
        customerId,
        emailMarketingConsent: {
          marketingState: "SUBSCRIBED",
          marketingOptInLevel: "SINGLE_OPT_IN",
          consentUpdatedAt: this.options.clock.now().toISOString(),
        },
      },
    });
    const refusal = firstUserError(answer.customerEmailMarketingConsentUpdate?.userErrors);
    if (refusal) throw new ShopRefusedError(refusal);
  }

  /** The customer with this e-mail, created when the shop has none (consent and discounts need one). */
  private async customerId(email: string): Promise<string> {
    const found = await this.findCustomer(email);
    if (found) return found.id;
    const answer = await this.transport.adminRequest<{
      customerCreate: { customer: { id: string } | null; userErrors: UserError[] } | null;
    }>(CUSTOMER_CREATE, { input: { email: email.trim().toLowerCase() } });
    const refusal = firstUserError(answer.customerCreate?.userErrors);
    // The address is the member's own: a refused one ("Email is invalid") is their input.
    if (refusal) throw new ShopError(refusal);
    const id = answer.customerCreate?.customer?.id;
    if (!id) throw new ShopRefusedError("no customer was created");
    return id;
  }

  private async findCustomer(email: string): Promise<Customer | null> {
    const wanted = email.trim().toLowerCase();
    const answer = await this.transport.adminRequest<{ customers: { nodes: Customer[] } }>(CUSTOMER_BY_EMAIL, {
      query: `email:${searchValue(wanted)}`,
    });
    return answer.customers.nodes.find((c) => c.defaultEmailAddress?.emailAddress?.toLowerCase() === wanted) ?? null;
  }
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}
