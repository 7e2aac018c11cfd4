-- search_label_words aggregated over a join without ORDER BY, so two items with the same instruments
-- could get their words at different positions. Aggregate in the order of the slugs, then re-index
-- the items with several instruments or genres (the only ones whose documents can change).
CREATE OR REPLACE FUNCTION search_label_words(p_kind text, p_slugs text[]) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(replace(s.slug, '-', ' ') || coalesce(' ' || l.label, ''), ' ' ORDER BY s.ord), '')
  FROM unnest(p_slugs) WITH ORDINALITY AS s(slug, ord)
  LEFT JOIN search_taxonomy_labels l ON l.kind = p_kind AND l.slug = s.slug
$$;
--> statement-breakpoint

UPDATE items i
SET search_vector = search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, p.title, c.name)
FROM packs p, creators c
WHERE p.id = i.pack_id AND c.id = i.creator_id
  AND (cardinality(i.instruments) > 1 OR cardinality(i.genres) > 1);
