import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { publicScope } from "./access";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

const RETRY_AFTER = { type: "integer", minimum: 1, description: "Seconds to wait before trying again" };

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The components nothing refers to left out: the zod registry yields each shared schema twice (as
 * read and as written), and the error shape is only ever written.
 */
function withoutUnusedSchemas(document: Document): Document {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify(rest);
  const used = Object.entries(schemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`));
  return { ...document, components: { ...components, schemas: Object.fromEntries(used) } } as Document;
}

/**
 * The OpenAPI document, generated from the same zod schemas the routes validate with, and a
 * reference page. Each operation names its access level (`x-access`) and its rate limits.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "The Black Market API",
        version: "1.0.0",
        description:
          "Every call of the members-only auction. Access levels: public, member (signed in), gate (a member past the Bidding Hall gate, or staff), staff, admin. Errors answer JSON {message, code}.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bm.sid" } } },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const config = document.route.config as
        | {
            access?: string;
            limits?: { max: number; windowMs: number; per: string; counts: string; failures?: number[] }[];
          }
        | undefined;
      const schema = transformed.schema as Record<string, unknown>;
      const notes: string[] = [];
      if (config?.access) {
        schema["x-access"] = config.access;
        if (config.access !== "public") schema.security = [{ session: [] }];
        notes.push(`Access: **${config.access}**.`);
      }
      if (config?.limits?.length) {
        const limits = config.limits.map(
          (l) =>
            `${l.max} ${l.failures ? `failures (${l.failures.join(", ")})` : "requests"} per ${l.windowMs / 1000} s per ${l.per}`,
        );
        schema["x-rate-limits"] = limits;
        notes.push(`Rate limits: ${limits.join("; ")} (429 with Retry-After beyond).`);
      }
      if (notes.length) schema.description = [schema.description, ...notes].filter(Boolean).join("\n\n");
      const responses = (schema.response ?? {}) as Record<string, { headers?: unknown }>;
      for (const status of ["429", "503"]) {
        if (responses[status]) responses[status].headers = { "retry-after": RETRY_AFTER };
      }
      return transformed;
    },
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });

  await publicScope(app, async (scope) => {
    await scope.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: "list", deepLinking: true } });
    scope.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  });
}
