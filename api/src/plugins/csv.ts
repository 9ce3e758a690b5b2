import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { fileAnswer } from "./answers";

/** The declared 200 of a CSV export: the OpenAPI document says text/csv, not JSON. */
export const csvAnswer = (what: string) =>
  fileAnswer(`${what} as CSV (UTF-8, a header row, times in UTC)`, ["text/csv"]);

/** Sends an export's stream as a download named `filename`; the rows flow as the cursor yields them. */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: Readable }) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
