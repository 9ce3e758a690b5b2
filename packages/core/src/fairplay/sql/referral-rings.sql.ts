import { defineFunction } from "../../db/sql-function";
import { SIGNAL_RETURNS, SIGNAL_WINDOW, signalBody } from "./signal-shape";

/**
 * Signal (d), the referrals (`referrals`: referrer -> referee once the referee signed up):
 *
 * - `referral_cycle`: a walk referrer -> referee (a recursive CTE, at most 12 steps, no member twice)
 *   that comes back to where it started. Each member is referred once at most, so a cycle is a ring
 *   of accounts crediting each other. Subject `cycle:<members in order, from the least id>`; `high`.
 * - `referral_burst`: 5 or more referees of one referrer completed within one hour (a sliding window).
 *   Subject `burst:<referrer>`; `high` from 10, else `medium`. Evidence: the window's referees.
 * - `idle_referees`: a referrer with 3 or more credited referees, completed more than 3 days ago,
 *   who never acted after their award (no lot bid, no auction bid, no puzzle or trial answer, no
 *   purchase or catalogue spend), and at least half of their credited referees so. `medium`.
 */
export const fairPlayReferralsFunction = defineFunction({
  name: "fair_play_referrals",
  args: "p_now timestamptz",
  returns: SIGNAL_RETURNS,
  language: "plpgsql",
  volatility: "STABLE",
  body: signalBody(`
WITH RECURSIVE edge AS (
  SELECT r.referrer_id AS src, r.referee_id AS dst, r.completed_at FROM referrals r WHERE r.referee_id IS NOT NULL
), walk (start, node, path, closed) AS (
  SELECT e.src, e.dst, ARRAY[e.src, e.dst], e.src = e.dst FROM edge e
  UNION ALL
  SELECT w.start, e.dst, w.path || e.dst, e.dst = w.start
    FROM walk w JOIN edge e ON e.src = w.node
   WHERE NOT w.closed AND cardinality(w.path) < 13 AND (e.dst = w.start OR e.dst <> ALL (w.path))
), cycles AS (
  SELECT w.path[1:cardinality(w.path) - 1] AS ring FROM walk w
   WHERE w.closed AND w.start::text = (SELECT min(x::text) FROM unnest(w.path) x)
), windowed AS (
  SELECT r.referrer_id, r.referee_id, r.completed_at,
         count(*) OVER (PARTITION BY r.referrer_id ORDER BY r.completed_at
                        RANGE BETWEEN interval '1 hour' PRECEDING AND CURRENT ROW) AS in_hour
    FROM referrals r
   WHERE r.referee_id IS NOT NULL AND r.completed_at IS NOT NULL AND r.completed_at > p_now - ${SIGNAL_WINDOW}
), burst_end AS (
  SELECT DISTINCT ON (w.referrer_id) w.referrer_id, w.completed_at AS ends_at, w.in_hour::int AS referees
    FROM windowed w WHERE w.in_hour >= 5 ORDER BY w.referrer_id, w.in_hour DESC, w.completed_at
), bursts AS (
  SELECT be.*, array_agg(w.referee_id ORDER BY w.completed_at) AS referee_ids,
         jsonb_agg(jsonb_build_object('memberId', w.referee_id, 'at', w.completed_at) ORDER BY w.completed_at) AS list
    FROM burst_end be JOIN windowed w ON w.referrer_id = be.referrer_id
     AND w.completed_at BETWEEN be.ends_at - interval '1 hour' AND be.ends_at
   GROUP BY be.referrer_id, be.ends_at, be.referees
), credited AS (
  SELECT r.referrer_id, r.referee_id, r.completed_at,
         NOT (EXISTS (SELECT 1 FROM bids b WHERE b.user_id = r.referee_id AND b.created_at >= r.completed_at)
           OR EXISTS (SELECT 1 FROM auction_bids a WHERE a.user_id = r.referee_id AND a.created_at >= r.completed_at)
           OR EXISTS (SELECT 1 FROM challenge_attempts c WHERE c.user_id = r.referee_id AND c.at >= r.completed_at)
           OR EXISTS (SELECT 1 FROM credit_ledger g WHERE g.user_id = r.referee_id AND g.created_at >= r.completed_at
                        AND g.kind IN ('purchase', 'catalogue', 'lot_payment'))) AS idle
    FROM referrals r
   WHERE r.credits_awarded AND r.referee_id IS NOT NULL AND r.completed_at IS NOT NULL
     AND r.completed_at > p_now - ${SIGNAL_WINDOW} AND r.completed_at <= p_now - interval '3 days'
), idle AS (
  SELECT c.referrer_id, count(*)::int AS credited, count(*) FILTER (WHERE c.idle)::int AS idle,
         array_agg(c.referee_id ORDER BY c.completed_at) FILTER (WHERE c.idle) AS idle_ids,
         jsonb_agg(jsonb_build_object('memberId', c.referee_id, 'awardedAt', c.completed_at) ORDER BY c.completed_at)
           FILTER (WHERE c.idle) AS list
    FROM credited c GROUP BY c.referrer_id
)
SELECT 'referral_cycle', 'cycle:' || array_to_string(c.ring, '>'), 'high', c.ring, false, cardinality(c.ring),
       jsonb_build_object('ring', (SELECT jsonb_agg(jsonb_build_object('referrerId', r.referrer_id,
         'refereeId', r.referee_id, 'completedAt', r.completed_at, 'credited', r.credits_awarded) ORDER BY k)
         FROM unnest(c.ring) WITH ORDINALITY AS u(id, k)
         JOIN referrals r ON r.referrer_id = u.id AND r.referee_id = c.ring[((k % cardinality(c.ring)) + 1)::int]))
  FROM cycles c
UNION ALL
SELECT 'referral_burst', 'burst:' || b.referrer_id, CASE WHEN b.referees >= 10 THEN 'high' ELSE 'medium' END,
       b.referrer_id || b.referee_ids, false, b.referees,
       jsonb_build_object('referrerId', b.referrer_id, 'windowEndsAt', b.ends_at, 'window', '1 hour', 'referees', b.list)
  FROM bursts b
UNION ALL
SELECT 'idle_referees', 'idle:' || i.referrer_id, 'medium', i.referrer_id || i.idle_ids, false, i.idle,
       jsonb_build_object('referrerId', i.referrer_id, 'credited', i.credited, 'idle', i.idle, 'referees', i.list)
  FROM idle i WHERE i.idle >= 3 AND i.idle * 2 >= i.credited
`),
});
