/**
 * The GraphQL operations the adapter sends. Each is named: the fake server dispatches on the name,
 * and Shopify's logs show it.
 */

const PRODUCT_FIELDS = `
  id
  title
  description
  handle
  featuredMedia { preview { image { url } } }
  media(first: 10) { nodes { preview { image { url } } } }
  variants(first: 100) { nodes { id title price } }
`;

export const LIST_PRODUCTS = `query ListProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: TITLE) {
    nodes { ${PRODUCT_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const GET_PRODUCT = `query GetProduct($id: ID!) {
  product(id: $id) { ${PRODUCT_FIELDS} }
}`;

export const DISCOUNT_CREATE = `mutation DiscountCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field message code }
  }
}`;

export const DISCOUNT_USAGE = `query DiscountUsage($id: ID!) {
  codeDiscountNode(id: $id) {
    id
    codeDiscount { ... on DiscountCodeBasic { status asyncUsageCount } }
  }
}`;

export const DISCOUNT_DELETE = `mutation DiscountDelete($id: ID!) {
  discountCodeDelete(id: $id) {
    deletedCodeDiscountId
    userErrors { field message code }
  }
}`;

export const CART_CREATE = `mutation CartCreate($input: CartInput!) {
  cartCreate(input: $input) {
    cart { id checkoutUrl discountCodes { code applicable } }
    userErrors { field message code }
    warnings { code message target }
  }
}`;

export const DRAFT_ORDER_CREATE = `mutation DraftOrderCreate($input: DraftOrderInput!) {
  draftOrderCreate(input: $input) {
    draftOrder { id invoiceUrl status }
    userErrors { field message }
  }
}`;

export const DRAFT_ORDER_UPDATE = `mutation DraftOrderUpdate($id: ID!, $input: DraftOrderInput!) {
  draftOrderUpdate(id: $id, input: $input) {
    draftOrder { id }
    userErrors { field message }
  }
}`;

export const DRAFT_ORDER_STATUS = `query DraftOrderStatus($id: ID!) {
  draftOrder(id: $id) { id status order { id displayFinancialStatus } }
}`;

export const DRAFT_ORDER_DELETE = `mutation DraftOrderDelete($input: DraftOrderDeleteInput!) {
  draftOrderDelete(input: $input) {
    deletedId
    userErrors { field message }
  }
}`;

export const PAID_ORDERS = `query PaidOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes {
      id
      name
      email
      customer { email }
      createdAt
      displayFinancialStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      discountCodes
      customAttributes { key value }
      lineItems(first: 100) {
        nodes { title quantity variant { id } originalUnitPriceSet { shopMoney { amount } } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const CUSTOMER_BY_EMAIL = `query CustomerByEmail($query: String!) {
  customers(first: 5, query: $query) {
    nodes { id defaultEmailAddress { emailAddress marketingState } }
  }
}`;

export const CUSTOMER_CREATE = `mutation CustomerCreate($input: CustomerInput!) {
  customerCreate(input: $input) {
    customer { id }
    userErrors { field message }
  }
}`;

export const CONSENT_UPDATE = `mutation ConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) {
    customer { id defaultEmailAddress { emailAddress marketingState } }
    userErrors { field message code }
  }
}`;
