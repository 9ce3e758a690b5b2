import type { Runtime } from "@bm/core";
import {
  adminAttemptListQuery,
  bidListQuery,
  claimListQuery,
  ledgerListQuery,
  memberListQuery,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { csvAnswer, sendCsv } from "../plugins/csv";

type ExportRequest = Parameters<Runtime["members"]["export"]>[0];

/** One export: its list's query, and the filter and order it takes from it (paging is ignored). */
interface CsvExport {
  name: ExportRequest["name"];
  summary: string;
  rows: string;
  querystring: z.ZodType;
  request: (query: unknown) => ExportRequest;
}

/** Ties an export's request to its query's type: the route validates the query with the same schema. */
function csvExport<Q extends z.ZodType>(
  querystring: Q,
  entry: Omit<CsvExport, "querystring" | "request">,
  request: (query: z.output<Q>) => ExportRequest,
): CsvExport {
  return { ...entry, querystring, request: (query) => request(query as z.output<Q>) };
}

const EXPORTS: CsvExport[] = [
  csvExport(memberListQuery, { name: "members", summary: "Members as the list shows them", rows: "Members" }, (q) => ({
    name: "members",
    filter: { q: q.q, flag: q.flag },
    order: { sort: q.sort, order: q.order },
  })),
  csvExport(
    ledgerListQuery,
    { name: "ledger", summary: "Credit ledger rows as the list shows them", rows: "Ledger rows" },
    (q) => ({ name: "ledger", filter: { member: q.member, kind: q.kind }, order: { sort: q.sort, order: q.order } }),
  ),
  csvExport(bidListQuery, { name: "bids", summary: "Lot bids as the list shows them", rows: "Bids" }, (q) => ({
    name: "bids",
    filter: { member: q.member, lot: q.lot },
    order: { sort: q.sort, order: q.order },
  })),
  csvExport(
    claimListQuery,
    { name: "claims", summary: "Won lots and claims as the list shows them", rows: "Claims" },
    (q) => ({
      name: "claims",
      filter: { member: q.member, status: q.status },
      order: { sort: q.sort, order: q.order },
    }),
  ),
  csvExport(
    adminAttemptListQuery,
    {
      name: "attempts",
      summary: "The attempt log as the list shows it, with the answers given (admins only)",
      rows: "Attempts",
    },
    (q) => ({
      name: "attempts",
      filter: { type: q.type, challengeId: q.challengeId, member: q.member, verdict: q.verdict },
      order: { sort: q.sort, order: q.order },
    }),
  ),
];

/**
 * CSV exports of the admin lists (issue 17 item 7): each takes the same query as its list (filter
 * and sort; paging is ignored: every row), streamed from a database cursor.
 */
export const adminExportsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  for (const csv of EXPORTS) {
    app.get(
      `/api/admin/exports/${csv.name}.csv`,
      {
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary: csv.summary,
          querystring: csv.querystring,
          response: { 200: csvAnswer(csv.rows) },
        },
      },
      async (request, reply) => sendCsv(reply, runtime.members.export(csv.request(request.query))),
    );
  }
};
