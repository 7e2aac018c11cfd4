-- A credit "get" in one round trip (docs/decisions/0076-the-credit-get-in-one-statement.md). The caller has read
-- and priced the target (apps/server/src/features/ownership/acquisition-service.ts); called as one statement with
-- no transaction around it, this takes the user's credit lock (the users row, as lockCreditAccount does for every
-- writer that takes credits), then — in a statement of its own, whose snapshot is taken with the lock held and so
-- sees whatever the lock's previous holder committed — re-reads the key, what of the target the user owns and their
-- open lots (soonest-expiring first, the order of takeCredits) and writes only when the key is new, the user owns
-- exactly what the caller priced with, the price is the one shown and the lots hold enough: the spend entry, its
-- draws, the ownership rows with each item's share, one licence each and the get events. Nothing otherwise; the
-- answer says why. The statement commits as it ends, so the locks (the user's, the analytics rows the events'
-- triggers update) are held only while the database works, never across a round trip to the API process.
-- No row when there is no such user.
CREATE FUNCTION credit_get(
  p_user text, p_key text, p_at timestamptz, p_target_ids uuid[], p_priced_owned int, p_cost int, p_expected_ok boolean,
  p_reason text, p_terms_version text, p_holder_name text,
  p_missing_ids uuid[], p_shares int[], p_licence_types text[], p_licensors text[], p_certificates text[]
) RETURNS TABLE (replayed int, owned_ids text[], balance int, written boolean, balance_after int, expires_after_ms float8)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH replay AS (
    SELECT l.amount FROM credit_ledger l WHERE l.idempotency_key = p_key
  ), owned AS (
    SELECT o.item_id FROM owned_items o WHERE o.user_id = p_user AND o.item_id = ANY (p_target_ids)
  ), open_lots AS (
    SELECT lots.id, lots.expires_at, lots.remaining,
           coalesce(sum(lots.remaining) OVER (ORDER BY lots.expires_at ASC NULLS LAST, lots.subscription_id IS NULL, lots.created_at, lots.id
                                              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS before
    FROM (
      SELECT l.id, l.expires_at, l.subscription_id, l.created_at,
             (l.amount - coalesce((SELECT sum(d.amount) FROM credit_lot_draws d WHERE d.lot_id = l.id), 0))::int AS remaining
      FROM credit_ledger l
      WHERE l.user_id = p_user AND l.amount > 0 AND (l.expires_at IS NULL OR l.expires_at > p_at)
    ) lots
    WHERE lots.remaining > 0
  ), facts AS (
    SELECT (SELECT r.amount FROM replay r) AS replayed,
           (SELECT count(*) FROM owned)::int AS owned_count,
           coalesce((SELECT sum(o.remaining) FROM open_lots o), 0)::int AS balance
  ), go AS (
    SELECT 1 FROM facts f
    WHERE f.replayed IS NULL AND p_expected_ok AND cardinality(p_missing_ids) > 0 AND f.owned_count = p_priced_owned AND f.balance >= p_cost
  ), entry AS (
    INSERT INTO credit_ledger (user_id, kind, amount, reason, idempotency_key)
    SELECT p_user, 'spend', -p_cost, p_reason, p_key FROM go WHERE p_cost > 0
    RETURNING credit_ledger.id
  ), drawn AS (
    INSERT INTO credit_lot_draws (entry_id, lot_id, amount)
    SELECT e.id, o.id, least(o.remaining, p_cost - o.before)
    FROM entry e CROSS JOIN open_lots o
    WHERE o.before < p_cost
    RETURNING credit_lot_draws.lot_id, credit_lot_draws.amount
  ), wanted AS (
    SELECT * FROM unnest(p_missing_ids, p_shares, p_licence_types, p_licensors, p_certificates) AS w(item_id, share, licence_type, licensor, certificate)
  ), got AS (
    INSERT INTO owned_items (user_id, item_id, source, credit_ledger_id, credits)
    SELECT p_user, w.item_id,
           CASE WHEN e.id IS NOT NULL AND w.share > 0 THEN 'credits' ELSE 'free' END,
           CASE WHEN w.share > 0 THEN e.id END,
           CASE WHEN e.id IS NOT NULL AND w.share > 0 THEN w.share END
    FROM go CROSS JOIN wanted w LEFT JOIN entry e ON true
    ON CONFLICT (user_id, item_id) DO NOTHING
    RETURNING owned_items.id, owned_items.item_id
  ), licensed AS (
    INSERT INTO licences (owned_item_id, user_id, item_id, licence_type, certificate_number, terms_version, holder_name, licensor_name)
    SELECT g.id, p_user, g.item_id, w.licence_type::licence_type, w.certificate, p_terms_version, p_holder_name, w.licensor
    FROM got g JOIN wanted w ON w.item_id = g.item_id
  ), events AS (
    INSERT INTO item_events (item_id, pack_id, user_id, kind, credits)
    SELECT g.item_id, i.pack_id, p_user, 'get', w.share
    FROM got g JOIN wanted w ON w.item_id = g.item_id JOIN items i ON i.id = g.item_id
  ), left_in_lots AS (
    SELECT o.expires_at, o.remaining - coalesce(d.amount, 0) AS remaining
    FROM open_lots o LEFT JOIN drawn d ON d.lot_id = o.id
  )
  SELECT f.replayed,
         array(SELECT o.item_id::text FROM owned o),
         f.balance,
         EXISTS (SELECT FROM go),
         coalesce((SELECT sum(l.remaining) FROM left_in_lots l), 0)::int,
         (SELECT (extract(epoch FROM min(l.expires_at)) * 1000)::float8 FROM left_in_lots l WHERE l.remaining > 0 AND l.expires_at IS NOT NULL)
  FROM facts f;
END
$$;
--> statement-breakpoint
-- Popularity counts plays, downloads and favorites: an event of another kind (a get, a playlist add) changed none of
-- them, yet upserted the item's counters with zeros — a row lock and a search outbox row (the index then reads the
-- item again) on every get. Only the kinds it counts reach it now.
CREATE OR REPLACE FUNCTION search_item_events_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_popularity AS p (item_id, plays, downloads, favorites)
  SELECT e.item_id,
         count(*) FILTER (WHERE e.kind = 'play'),
         count(*) FILTER (WHERE e.kind = 'download'),
         count(*) FILTER (WHERE e.kind = 'favorite')
  FROM inserted e
  WHERE e.kind IN ('play', 'download', 'favorite')
  GROUP BY e.item_id
  ORDER BY e.item_id
  ON CONFLICT (item_id) DO UPDATE
  SET plays = p.plays + excluded.plays,
      downloads = p.downloads + excluded.downloads,
      favorites = p.favorites + excluded.favorites;
  RETURN NULL;
END
$$;
