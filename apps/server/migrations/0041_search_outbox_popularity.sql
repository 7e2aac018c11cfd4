-- A play, download or favourite changes an item's popularity and nothing else a search shows but the popular
-- order (docs/decisions/0018-search-index.md, "Popularity changes"): its outbox row says so, so that readers
-- forget only what depends on that order, not every kept answer and shared catalogue part on each poll.
CREATE OR REPLACE FUNCTION search_outbox_popularity() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_outbox (entity, entity_id) VALUES ('popularity', NEW.item_id);
  RETURN NULL;
END
$$;
