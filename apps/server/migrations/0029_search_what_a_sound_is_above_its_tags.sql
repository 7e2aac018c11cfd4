-- What a sound is (its instruments, kind and plugin) now weighs more than the tags a creator added (issue 32):
-- a "kick" query ranks the kicks above presets whose tags mention kick. Name A; instruments, kind, plugin B;
-- tags and genres C; pack title and creator name D. Only items with tags get a different document.
CREATE OR REPLACE FUNCTION search_item_vector(p_name text, p_tags text[], p_instruments text[], p_genres text[], p_kind text, p_plugin text, p_pack_title text, p_creator_name text)
RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('simple', concat_ws(' ', search_label_words('instrument', p_instruments), p_kind, p_plugin)), 'B')
      || setweight(to_tsvector('simple', concat_ws(' ', array_to_string(p_tags, ' '), search_label_words('genre', p_genres))), 'C')
      || setweight(to_tsvector('simple', concat_ws(' ', p_pack_title, p_creator_name)), 'D')
$$;
--> statement-breakpoint

UPDATE items i
SET search_vector = search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, p.title, c.name)
FROM packs p, creators c
WHERE p.id = i.pack_id AND c.id = i.creator_id AND cardinality(i.tags) > 0;
