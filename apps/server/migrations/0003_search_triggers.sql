-- Search index maintenance (docs/decisions/0008-search-in-postgres.md). Everything search reads is written
-- here, by triggers, in the same transaction as the item, pack, creator or event that changed: there is no
-- second system to keep in step and nothing for the application to forget.

-- Genre and instrument labels by slug, so "Drum & Bass" or "Breakbeat" find items tagged drum-and-bass or break.
-- A copy of @crate/contract/taxonomy; search-taxonomy.int.test.ts fails when the two differ.
INSERT INTO search_taxonomy_labels (kind, slug, label) VALUES
  ('genre', 'hip-hop', 'Hip Hop'),
  ('genre', 'trap', 'Trap'),
  ('genre', 'drill', 'Drill'),
  ('genre', 'uk-drill', 'UK Drill'),
  ('genre', 'ny-drill', 'NY Drill'),
  ('genre', 'boom-bap', 'Boom Bap'),
  ('genre', 'lo-fi-hip-hop', 'Lo-Fi Hip Hop'),
  ('genre', 'phonk', 'Phonk'),
  ('genre', 'rage', 'Rage'),
  ('genre', 'plugg', 'Plugg'),
  ('genre', 'pluggnb', 'PluggnB'),
  ('genre', 'detroit', 'Detroit'),
  ('genre', 'west-coast', 'West Coast'),
  ('genre', 'g-funk', 'G-Funk'),
  ('genre', 'memphis', 'Memphis'),
  ('genre', 'cloud-rap', 'Cloud Rap'),
  ('genre', 'emo-rap', 'Emo Rap'),
  ('genre', 'grime', 'Grime'),
  ('genre', 'jersey-club', 'Jersey Club'),
  ('genre', 'baltimore-club', 'Baltimore Club'),
  ('genre', 'house', 'House'),
  ('genre', 'deep-house', 'Deep House'),
  ('genre', 'tech-house', 'Tech House'),
  ('genre', 'progressive-house', 'Progressive House'),
  ('genre', 'afro-house', 'Afro House'),
  ('genre', 'melodic-house', 'Melodic House & Techno'),
  ('genre', 'future-house', 'Future House'),
  ('genre', 'bass-house', 'Bass House'),
  ('genre', 'disco-house', 'Disco House'),
  ('genre', 'techno', 'Techno'),
  ('genre', 'hard-techno', 'Hard Techno'),
  ('genre', 'minimal', 'Minimal'),
  ('genre', 'trance', 'Trance'),
  ('genre', 'psytrance', 'Psytrance'),
  ('genre', 'edm', 'EDM'),
  ('genre', 'big-room', 'Big Room'),
  ('genre', 'electro', 'Electro'),
  ('genre', 'hardstyle', 'Hardstyle'),
  ('genre', 'hyperpop', 'Hyperpop'),
  ('genre', 'synthwave', 'Synthwave'),
  ('genre', 'idm', 'IDM'),
  ('genre', 'breakbeat', 'Breakbeat'),
  ('genre', 'uk-garage', 'UK Garage'),
  ('genre', 'future-garage', 'Future Garage'),
  ('genre', 'footwork', 'Footwork'),
  ('genre', 'drum-and-bass', 'Drum & Bass'),
  ('genre', 'liquid-dnb', 'Liquid Drum & Bass'),
  ('genre', 'jungle', 'Jungle'),
  ('genre', 'dubstep', 'Dubstep'),
  ('genre', 'riddim', 'Riddim'),
  ('genre', 'future-bass', 'Future Bass'),
  ('genre', 'trap-edm', 'Trap (EDM)'),
  ('genre', 'wave', 'Wave'),
  ('genre', 'uk-bass', 'UK Bass'),
  ('genre', 'bassline', 'Bassline'),
  ('genre', 'pop', 'Pop'),
  ('genre', 'k-pop', 'K-Pop'),
  ('genre', 'j-pop', 'J-Pop'),
  ('genre', 'dance-pop', 'Dance Pop'),
  ('genre', 'electropop', 'Electropop'),
  ('genre', 'indie-pop', 'Indie Pop'),
  ('genre', 'synth-pop', 'Synth-Pop'),
  ('genre', 'city-pop', 'City Pop'),
  ('genre', 'bedroom-pop', 'Bedroom Pop'),
  ('genre', 'rnb', 'R&B'),
  ('genre', 'contemporary-rnb', 'Contemporary R&B'),
  ('genre', 'neo-soul', 'Neo Soul'),
  ('genre', 'soul', 'Soul'),
  ('genre', 'funk', 'Funk'),
  ('genre', 'disco', 'Disco'),
  ('genre', 'nu-disco', 'Nu Disco'),
  ('genre', 'motown', 'Motown'),
  ('genre', 'afrobeats', 'Afrobeats'),
  ('genre', 'afroswing', 'Afroswing'),
  ('genre', 'amapiano', 'Amapiano'),
  ('genre', 'gqom', 'Gqom'),
  ('genre', 'reggaeton', 'Reggaeton'),
  ('genre', 'latin', 'Latin'),
  ('genre', 'latin-trap', 'Latin Trap'),
  ('genre', 'dembow', 'Dembow'),
  ('genre', 'baile-funk', 'Baile Funk'),
  ('genre', 'brazilian-phonk', 'Brazilian Phonk'),
  ('genre', 'cumbia', 'Cumbia'),
  ('genre', 'salsa', 'Salsa'),
  ('genre', 'bossa-nova', 'Bossa Nova'),
  ('genre', 'dancehall', 'Dancehall'),
  ('genre', 'reggae', 'Reggae'),
  ('genre', 'dub', 'Dub'),
  ('genre', 'soca', 'Soca'),
  ('genre', 'middle-eastern', 'Middle Eastern'),
  ('genre', 'indian', 'Indian'),
  ('genre', 'asian', 'East Asian'),
  ('genre', 'rock', 'Rock'),
  ('genre', 'indie-rock', 'Indie Rock'),
  ('genre', 'alternative', 'Alternative'),
  ('genre', 'pop-punk', 'Pop Punk'),
  ('genre', 'punk', 'Punk'),
  ('genre', 'metal', 'Metal'),
  ('genre', 'shoegaze', 'Shoegaze'),
  ('genre', 'country', 'Country'),
  ('genre', 'folk', 'Folk'),
  ('genre', 'jazz', 'Jazz'),
  ('genre', 'jazz-hop', 'Jazz Hop'),
  ('genre', 'blues', 'Blues'),
  ('genre', 'gospel', 'Gospel'),
  ('genre', 'lo-fi', 'Lo-Fi'),
  ('genre', 'chillout', 'Chillout'),
  ('genre', 'chillwave', 'Chillwave'),
  ('genre', 'downtempo', 'Downtempo'),
  ('genre', 'trip-hop', 'Trip Hop'),
  ('genre', 'ambient', 'Ambient'),
  ('genre', 'experimental', 'Experimental'),
  ('genre', 'cinematic', 'Cinematic'),
  ('genre', 'orchestral', 'Orchestral'),
  ('genre', 'trailer', 'Trailer'),
  ('genre', 'video-game', 'Video Game'),
  ('genre', 'chiptune', 'Chiptune'),
  ('genre', 'classical', 'Classical'),
  ('instrument', 'kick', 'Kick'),
  ('instrument', 'snare', 'Snare'),
  ('instrument', 'clap', 'Clap'),
  ('instrument', 'snap', 'Snap'),
  ('instrument', 'hi-hat', 'Hi-Hat'),
  ('instrument', 'open-hat', 'Open Hat'),
  ('instrument', 'cymbal', 'Cymbal'),
  ('instrument', 'crash', 'Crash'),
  ('instrument', 'ride', 'Ride'),
  ('instrument', '808', '808'),
  ('instrument', 'toms', 'Toms'),
  ('instrument', 'rim', 'Rim'),
  ('instrument', 'percussion', 'Percussion'),
  ('instrument', 'shaker', 'Shaker'),
  ('instrument', 'tambourine', 'Tambourine'),
  ('instrument', 'cowbell', 'Cowbell'),
  ('instrument', 'conga', 'Conga'),
  ('instrument', 'bongo', 'Bongo'),
  ('instrument', 'log-drum', 'Log Drum'),
  ('instrument', 'woodblock', 'Woodblock'),
  ('instrument', 'drum-loop', 'Drum Loop'),
  ('instrument', 'top-loop', 'Top Loop'),
  ('instrument', 'break', 'Breakbeat'),
  ('instrument', 'drum-fill', 'Drum Fill'),
  ('instrument', 'live-drums', 'Live Drums'),
  ('instrument', 'drum-machine', 'Drum Machine'),
  ('instrument', 'vocal-chops', 'Vocal Chops'),
  ('instrument', 'adlibs', 'Adlibs'),
  ('instrument', 'vocal-phrase', 'Vocal Phrase'),
  ('instrument', 'vocal-hook', 'Vocal Hook'),
  ('instrument', 'acapella', 'Acapella'),
  ('instrument', 'vocal-shout', 'Vocal Shout'),
  ('instrument', 'spoken-word', 'Spoken Word'),
  ('instrument', 'choir', 'Choir'),
  ('instrument', 'harmonies', 'Harmonies'),
  ('instrument', 'male-vocals', 'Male Vocals'),
  ('instrument', 'female-vocals', 'Female Vocals'),
  ('instrument', 'vocal-fx', 'Vocal FX'),
  ('instrument', 'vocoder', 'Vocoder'),
  ('instrument', 'humming', 'Humming'),
  ('instrument', 'whistle', 'Whistle'),
  ('instrument', 'beatbox', 'Beatbox'),
  ('instrument', 'piano', 'Piano'),
  ('instrument', 'grand-piano', 'Grand Piano'),
  ('instrument', 'upright-piano', 'Upright Piano'),
  ('instrument', 'rhodes', 'Rhodes'),
  ('instrument', 'wurlitzer', 'Wurlitzer'),
  ('instrument', 'electric-piano', 'Electric Piano'),
  ('instrument', 'organ', 'Organ'),
  ('instrument', 'clavinet', 'Clavinet'),
  ('instrument', 'harpsichord', 'Harpsichord'),
  ('instrument', 'celesta', 'Celesta'),
  ('instrument', 'music-box', 'Music Box'),
  ('instrument', 'bells', 'Bells'),
  ('instrument', 'mallets', 'Mallets'),
  ('instrument', 'marimba', 'Marimba'),
  ('instrument', 'vibraphone', 'Vibraphone'),
  ('instrument', 'kalimba', 'Kalimba'),
  ('instrument', 'synth-keys', 'Synth Keys'),
  ('instrument', 'synth-lead', 'Synth Lead'),
  ('instrument', 'pluck', 'Pluck'),
  ('instrument', 'pad', 'Pad'),
  ('instrument', 'arp', 'Arp'),
  ('instrument', 'chords', 'Chords'),
  ('instrument', 'stab', 'Stab'),
  ('instrument', 'trumpet', 'Trumpet'),
  ('instrument', 'flugelhorn', 'Flugelhorn'),
  ('instrument', 'trombone', 'Trombone'),
  ('instrument', 'french-horn', 'French Horn'),
  ('instrument', 'tuba', 'Tuba'),
  ('instrument', 'horn-section', 'Horn Section'),
  ('instrument', 'brass-stab', 'Brass Stab'),
  ('instrument', 'synth-brass', 'Synth Brass'),
  ('instrument', 'flute', 'Flute'),
  ('instrument', 'pan-flute', 'Pan Flute'),
  ('instrument', 'piccolo', 'Piccolo'),
  ('instrument', 'recorder', 'Recorder'),
  ('instrument', 'saxophone', 'Saxophone'),
  ('instrument', 'alto-sax', 'Alto Sax'),
  ('instrument', 'tenor-sax', 'Tenor Sax'),
  ('instrument', 'clarinet', 'Clarinet'),
  ('instrument', 'oboe', 'Oboe'),
  ('instrument', 'bassoon', 'Bassoon'),
  ('instrument', 'shakuhachi', 'Shakuhachi'),
  ('instrument', 'duduk', 'Duduk'),
  ('instrument', 'ocarina', 'Ocarina'),
  ('instrument', 'harmonica', 'Harmonica'),
  ('instrument', 'violin', 'Violin'),
  ('instrument', 'viola', 'Viola'),
  ('instrument', 'cello', 'Cello'),
  ('instrument', 'double-bass', 'Double Bass'),
  ('instrument', 'string-section', 'String Section'),
  ('instrument', 'pizzicato', 'Pizzicato'),
  ('instrument', 'staccato-strings', 'Staccato Strings'),
  ('instrument', 'acoustic-guitar', 'Acoustic Guitar'),
  ('instrument', 'electric-guitar', 'Electric Guitar'),
  ('instrument', 'nylon-guitar', 'Nylon Guitar'),
  ('instrument', 'guitar', 'Guitar'),
  ('instrument', 'harp', 'Harp'),
  ('instrument', 'banjo', 'Banjo'),
  ('instrument', 'mandolin', 'Mandolin'),
  ('instrument', 'ukulele', 'Ukulele'),
  ('instrument', 'sitar', 'Sitar'),
  ('instrument', 'koto', 'Koto'),
  ('instrument', 'oud', 'Oud'),
  ('instrument', 'erhu', 'Erhu'),
  ('instrument', 'riser', 'Riser'),
  ('instrument', 'uplifter', 'Uplifter'),
  ('instrument', 'downlifter', 'Downlifter'),
  ('instrument', 'impact', 'Impact'),
  ('instrument', 'sweep', 'Sweep'),
  ('instrument', 'whoosh', 'Whoosh'),
  ('instrument', 'reverse', 'Reverse'),
  ('instrument', 'transition', 'Transition'),
  ('instrument', 'noise', 'Noise'),
  ('instrument', 'white-noise', 'White Noise'),
  ('instrument', 'vinyl-crackle', 'Vinyl Crackle'),
  ('instrument', 'tape-stop', 'Tape Stop'),
  ('instrument', 'glitch', 'Glitch'),
  ('instrument', 'foley', 'Foley'),
  ('instrument', 'field-recording', 'Field Recording'),
  ('instrument', 'atmosphere', 'Atmosphere'),
  ('instrument', 'drone', 'Drone'),
  ('instrument', 'texture', 'Texture'),
  ('instrument', 'sub-drop', 'Sub Drop'),
  ('instrument', 'siren', 'Siren'),
  ('instrument', 'gunshot', 'Gunshot'),
  ('instrument', 'laser', 'Laser'),
  ('instrument', 'scratch', 'Scratch'),
  ('instrument', 'dj-tag', 'DJ Tag'),
  ('instrument', 'sub-bass', 'Sub Bass'),
  ('instrument', '808-bass', '808 Bass'),
  ('instrument', 'reese', 'Reese'),
  ('instrument', 'synth-bass', 'Synth Bass'),
  ('instrument', 'bass-guitar', 'Bass Guitar'),
  ('instrument', 'slap-bass', 'Slap Bass'),
  ('instrument', 'upright-bass', 'Upright Bass'),
  ('instrument', 'acid-bass', 'Acid Bass'),
  ('instrument', 'wobble-bass', 'Wobble Bass'),
  ('instrument', 'growl-bass', 'Growl Bass'),
  ('instrument', 'fm-bass', 'FM Bass'),
  ('instrument', 'moog-bass', 'Moog Bass'),
  ('instrument', 'pluck-bass', 'Pluck Bass'),
  ('instrument', 'distorted-bass', 'Distorted Bass')
ON CONFLICT (kind, slug) DO UPDATE SET label = excluded.label;
--> statement-breakpoint

-- The words of a list of taxonomy slugs: the slug's own words and its label.
CREATE OR REPLACE FUNCTION search_label_words(p_kind text, p_slugs text[]) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(replace(s.slug, '-', ' ') || coalesce(' ' || l.label, ''), ' '), '')
  FROM unnest(p_slugs) AS s(slug)
  LEFT JOIN search_taxonomy_labels l ON l.kind = p_kind AND l.slug = s.slug
$$;
--> statement-breakpoint

-- An item's full-text document, 'simple' configuration (no stemming, no stop words, no unaccent: sound names
-- are not English prose and "808" or "rnb" must stay as typed). Weights rank a name match over a tag over a
-- genre over the pack or creator.
CREATE OR REPLACE FUNCTION search_item_vector(p_name text, p_tags text[], p_instruments text[], p_genres text[], p_kind text, p_plugin text, p_pack_title text, p_creator_name text)
RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('simple', concat_ws(' ', array_to_string(p_tags, ' '), search_label_words('instrument', p_instruments), p_kind, p_plugin)), 'B')
      || setweight(to_tsvector('simple', search_label_words('genre', p_genres)), 'C')
      || setweight(to_tsvector('simple', concat_ws(' ', p_pack_title, p_creator_name)), 'D')
$$;
--> statement-breakpoint

-- Remembers the words of a document in the vocabulary that typo correction searches by trigrams.
CREATE OR REPLACE FUNCTION search_remember_words(p_vector tsvector) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(p_vector)) ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_items_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_title text;
  v_status smallint;
  v_published_at timestamptz;
  v_creator_name text;
BEGIN
  SELECT p.title, p.status, p.published_at INTO v_title, v_status, v_published_at FROM packs p WHERE p.id = NEW.pack_id;
  SELECT c.name INTO v_creator_name FROM creators c WHERE c.id = NEW.creator_id;
  NEW.search_pack_status := coalesce(v_status, 0);
  NEW.search_listed_at := coalesce(v_published_at, NEW.created_at);
  NEW.search_vector := search_item_vector(NEW.name, NEW.tags, NEW.instruments, NEW.genres, NEW.kind::text, NEW.plugin::text, v_title, v_creator_name);
  IF TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector THEN
    PERFORM search_remember_words(NEW.search_vector);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint

CREATE TRIGGER items_search_before_write
BEFORE INSERT OR UPDATE OF name, tags, instruments, genres, kind, plugin, pack_id, creator_id ON items
FOR EACH ROW EXECUTE FUNCTION search_items_before_write();
--> statement-breakpoint

-- A pack's title is part of its items' documents; its status and publication date decide whether they are listed.
CREATE OR REPLACE FUNCTION search_packs_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM search_remember_words(to_tsvector('simple', NEW.title));
    UPDATE items i
    SET search_vector = search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, NEW.title, c.name),
        search_pack_status = NEW.status,
        search_listed_at = coalesce(NEW.published_at, i.created_at)
    FROM creators c
    WHERE i.pack_id = NEW.id AND c.id = i.creator_id;
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.published_at IS DISTINCT FROM OLD.published_at THEN
    UPDATE items i
    SET search_pack_status = NEW.status, search_listed_at = coalesce(NEW.published_at, i.created_at)
    WHERE i.pack_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER packs_search_after_update
AFTER UPDATE OF title, status, published_at ON packs
FOR EACH ROW EXECUTE FUNCTION search_packs_after_update();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_creators_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_remember_words(to_tsvector('simple', NEW.name));
    UPDATE items i
    SET search_vector = search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, p.title, NEW.name)
    FROM packs p
    WHERE i.creator_id = NEW.id AND p.id = i.pack_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER creators_search_after_update
AFTER UPDATE OF name ON creators
FOR EACH ROW EXECUTE FUNCTION search_creators_after_update();
--> statement-breakpoint

-- Popularity: one upsert per statement (a bulk insert of events costs one row per item, not one per event).
CREATE OR REPLACE FUNCTION search_item_events_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_popularity AS p (item_id, plays, downloads, favorites)
  SELECT e.item_id,
         count(*) FILTER (WHERE e.kind = 'play'),
         count(*) FILTER (WHERE e.kind = 'download'),
         count(*) FILTER (WHERE e.kind = 'favorite')
  FROM inserted e
  GROUP BY e.item_id
  ORDER BY e.item_id
  ON CONFLICT (item_id) DO UPDATE
  SET plays = p.plays + excluded.plays,
      downloads = p.downloads + excluded.downloads,
      favorites = p.favorites + excluded.favorites;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER item_events_search_popularity
AFTER INSERT ON item_events
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION search_item_events_after_insert();
--> statement-breakpoint

-- Rows that existed before search: index them once.
UPDATE items i
SET search_pack_status = p.status,
    search_listed_at = coalesce(p.published_at, i.created_at),
    search_vector = search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, p.title, c.name)
FROM packs p, creators c
WHERE p.id = i.pack_id AND c.id = i.creator_id;
--> statement-breakpoint

INSERT INTO search_words (word)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM items
ON CONFLICT DO NOTHING;
--> statement-breakpoint

INSERT INTO item_popularity (item_id, plays, downloads, favorites)
SELECT item_id, count(*) FILTER (WHERE kind = 'play'), count(*) FILTER (WHERE kind = 'download'), count(*) FILTER (WHERE kind = 'favorite')
FROM item_events
GROUP BY item_id
ON CONFLICT DO NOTHING;
