/**
 * What every fair-play signal function returns, one row per flag it would raise: the reason code,
 * the subject (with the reason, the key of one open flag), a severity, the members involved, whether
 * the link between them is a declared household, a weight (how much evidence: lots, bids, referees;
 * a decided flag is raised again only when its key comes back heavier) and the evidence as JSON.
 */
export const SIGNAL_RETURNS =
  "TABLE (reason text, subject text, severity text, members uuid[], household boolean, weight integer, evidence jsonb)";

/** How far back the signals look: the event's lots, sign-ins and referrals of the last 60 days. */
export const SIGNAL_WINDOW = "interval '60 days'";

/**
 * A signal's query as a PL/pgSQL body: the functions are created by a migration that predates some
 * of the tables they read (`FunctionsFromSource` replays every current function), and a PL/pgSQL
 * body is checked when it runs, not when it is created. Columns win over the output names.
 */
export function signalBody(query: string): string {
  return `
#variable_conflict use_column
BEGIN
  RETURN QUERY
${query.trim()};
END
`;
}
