import { defineFunction } from "../../db/sql-function";
import { SIGNAL_RETURNS, SIGNAL_WINDOW, signalBody } from "./signal-shape";

/**
 * Signal (a), `shared_address` / `shared_device`: accounts that signed in from one address or one
 * device (the `bm.device` cookie, kept on `sign_ins.device`) and bid on the same lot. One flag per
 * address or device (subject `address:<ip>` / `device:<id>`), its members every account of it that
 * shared a lot with another, its evidence each such lot with those accounts' bids (the 30 latest).
 *
 * Thresholds: two or more accounts of one origin on one lot. Severity: `high` for a device, or
 * three or more accounts; `medium` for two accounts behind one address; `low` when the two are a
 * declared household (`household` true: still shown to the operator), or when the address is a
 * shared network (more than 20 accounts signed in from it: a campus, a carrier's NAT). Accounts of
 * one address that bid on different lots never meet here: a crowd behind one address is no signal.
 */
export const fairPlaySharedOriginFunction = defineFunction({
  name: "fair_play_shared_origin",
  args: "p_now timestamptz",
  returns: SIGNAL_RETURNS,
  language: "plpgsql",
  volatility: "STABLE",
  body: signalBody(`
WITH origin AS (
  SELECT DISTINCT 'address'::text AS kind, s.address::text AS value, s.user_id
    FROM sign_ins s WHERE s.address IS NOT NULL AND s.at > p_now - ${SIGNAL_WINDOW}
  UNION
  SELECT DISTINCT 'device'::text, s.device::text, s.user_id
    FROM sign_ins s WHERE s.device IS NOT NULL AND s.at > p_now - ${SIGNAL_WINDOW}
), crowd AS (
  SELECT kind, value, count(*)::int AS accounts FROM origin GROUP BY kind, value HAVING count(*) >= 2
), lot_bidders AS (
  SELECT b.lot_id, b.user_id, count(*)::int AS bids, min(b.created_at) AS first_at,
         max(b.created_at) AS last_at, max(b.amount) AS highest
    FROM bids b JOIN auction_lots l ON l.id = b.lot_id
   WHERE b.voided_at IS NULL AND l.closes_at > p_now - ${SIGNAL_WINDOW}
   GROUP BY b.lot_id, b.user_id
), together AS (
  SELECT o.kind, o.value, c.accounts, lb.lot_id, array_agg(lb.user_id ORDER BY lb.user_id) AS members,
         jsonb_agg(jsonb_build_object('memberId', lb.user_id, 'bids', lb.bids, 'firstAt', lb.first_at,
           'lastAt', lb.last_at, 'highest', lb.highest) ORDER BY lb.user_id) AS bidders
    FROM origin o JOIN crowd c USING (kind, value) JOIN lot_bidders lb ON lb.user_id = o.user_id
   GROUP BY o.kind, o.value, c.accounts, lb.lot_id
  HAVING count(*) >= 2
), shown AS (
  SELECT t.kind, t.value, t.lot_id, b.id, b.user_id, b.amount, b.created_at, b.by_house,
         row_number() OVER (PARTITION BY t.kind, t.value, t.lot_id ORDER BY b.id DESC) AS r
    FROM together t CROSS JOIN LATERAL unnest(t.members) AS tm(user_id)
    JOIN bids b ON b.lot_id = t.lot_id AND b.user_id = tm.user_id AND b.voided_at IS NULL
), lot_bids AS (
  SELECT s.kind, s.value, s.lot_id, jsonb_agg(jsonb_build_object('bidId', s.id, 'memberId', s.user_id,
           'amount', s.amount, 'at', s.created_at, 'byHouse', s.by_house) ORDER BY s.id) AS bids
    FROM shown s WHERE s.r <= 30 GROUP BY s.kind, s.value, s.lot_id
), per_origin AS (
  SELECT t.kind, t.value, t.accounts,
         count(*)::int AS lots,
         jsonb_agg(jsonb_build_object('lotId', t.lot_id, 'lotNumber', l.lot_number, 'title', l.title,
           'bidders', t.bidders, 'bids', lb.bids) ORDER BY t.lot_id) AS lot_evidence
    FROM together t JOIN auction_lots l ON l.id = t.lot_id
    JOIN lot_bids lb ON lb.kind = t.kind AND lb.value = t.value AND lb.lot_id = t.lot_id
   GROUP BY t.kind, t.value, t.accounts
), origin_members AS (
  SELECT t.kind, t.value, array_agg(DISTINCT tm.user_id ORDER BY tm.user_id) AS members
    FROM together t CROSS JOIN LATERAL unnest(t.members) AS tm(user_id) GROUP BY t.kind, t.value
), judged AS (
  SELECT p.kind, p.value, p.accounts, p.lots, p.lot_evidence, om.members, cardinality(om.members) = 2 AND EXISTS (
           SELECT 1 FROM households h WHERE h.confirmed_at IS NOT NULL AND h.ended_at IS NULL
              AND ARRAY[h.inviter_id, h.invitee_id] @> om.members) AS household,
         (SELECT COALESCE(jsonb_agg(jsonb_build_array(h.inviter_id, h.invitee_id)), '[]'::jsonb)
            FROM households h WHERE h.confirmed_at IS NOT NULL AND h.ended_at IS NULL
             AND h.inviter_id = ANY (om.members) AND h.invitee_id = ANY (om.members)) AS households
    FROM per_origin p JOIN origin_members om USING (kind, value)
)
SELECT 'shared_' || j.kind, j.kind || ':' || j.value,
       CASE WHEN j.household OR (j.kind = 'address' AND j.accounts > 20) THEN 'low'
            WHEN j.kind = 'device' OR cardinality(j.members) >= 3 THEN 'high' ELSE 'medium' END,
       j.members, j.household, j.lots,
       jsonb_build_object('origin', jsonb_build_object('kind', j.kind, 'value', j.value, 'accounts', j.accounts),
         'sharedNetwork', j.kind = 'address' AND j.accounts > 20, 'declaredHouseholds', j.households,
         'lots', j.lot_evidence)
  FROM judged j
`),
});
