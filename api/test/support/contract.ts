import type { SentAnswer } from "../../src/plugins/answers";

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** `/api/auctions/:id` as the document writes it: `/api/auctions/{id}`. */
export const documentPath = (route: string) => route.replace(/:(\w+)/g, "{$1}");

/**
 * Every answer a test app sends, held to its OpenAPI document when the app closes: a status the
 * route does not declare, or a content type other than the declared ones, is a broken contract.
 * Bodies need no check here: every declared JSON answer, errors too, went through its zod schema.
 */
export class AnswerContract {
  /** Distinct answers only: a storm of bids is one line of the contract. */
  private readonly seen = new Map<string, SentAnswer>();

  record = (answer: SentAnswer): void => {
    const key = `${answer.method} ${answer.route} ${answer.status} ${answer.contentType}`;
    if (!this.seen.has(key)) this.seen.set(key, answer);
  };

  /** What the answers sent so far break of `document`, one line each (empty: none). */
  breaches(document: OpenApiDocument): string[] {
    const found: string[] = [];
    for (const { method, route, status, contentType, hidden } of this.seen.values()) {
      // No route (the 404 of an unknown path), the reference itself, the web app's files.
      if (!route || hidden || !route.startsWith("/api/")) continue;
      const name = `${method} ${route}`;
      const operation = document.paths[documentPath(route)]?.[method === "HEAD" ? "get" : method.toLowerCase()];
      if (!operation) {
        found.push(`${name} answered ${status} but is not in the document`);
        continue;
      }
      const declared = operation.responses?.[String(status)];
      if (!declared) {
        found.push(`${name} answered ${status}, which it does not declare`);
        continue;
      }
      const types = Object.keys(declared.content ?? {});
      if (types.length > 0 && !types.includes(contentType ?? "(none)")) {
        found.push(`${name} answered ${status} as ${contentType ?? "no content type"}, declared ${types.join(", ")}`);
      }
    }
    return found;
  }
}

export class ContractBreach extends Error {
  constructor(breaches: string[]) {
    super(`answers the OpenAPI document does not declare:\n  ${breaches.join("\n  ")}`);
  }
}
