/**
 * Builds the benchmark catalogue in SQL: creators, packs and a million items with realistic
 * distributions (popular instruments and genres far more common than rare ones, keys on tonal sounds,
 * BPM, time signature and feel on loops, a few presets, free items, stems, MIDI, takedowns,
 * archived packs), indexed exactly as the search migrations index them.
 *
 * It writes with set-based INSERT … SELECT over generate_series and computes the search columns with
 * the same SQL functions the triggers call (search_item_vector), with triggers off for the bulk load
 * and the items' indexes dropped and recreated from their own definitions: minutes, not hours. A marker
 * table records the build so later runs reuse it.
 */
import type pg from 'pg';
import { GENRES, INSTRUMENTS } from '@crate/contract/taxonomy';
import { MUSICAL_KEYS, PRESET_PLUGINS } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';

/** Bump when the generator changes: a catalogue built by another version is rebuilt. */
export const CATALOGUE_VERSION = 'search-bench-v3';

export const DESCRIPTORS = [
  'dark', 'punchy', 'warm', 'analog', 'dusty', 'vinyl', 'crisp', 'deep', 'bright', 'gritty', 'lofi', 'clean',
  'distorted', 'airy', 'lush', 'hard', 'soft', 'tight', 'boomy', 'saturated', 'filtered', 'wide', 'mellow',
  'aggressive', 'smooth', 'glitchy', 'retro', 'cinematic', 'ethereal', 'heavy', 'organic', 'metallic', 'snappy',
  'vintage', 'modern', 'haunting', 'bouncy', 'dreamy', 'raw', 'tape',
];
const NOUNS = ['Kits', 'Audio', 'Sounds', 'Samples', 'Beats', 'Labs', 'Music', 'Records', 'Studio', 'Collective'];
const PACK_WORDS = ['Essentials', 'Vol. 1', 'Vol. 2', 'Vol. 3', 'Toolkit', 'Sessions', 'Collection', 'Chronicles', 'Stash', 'Vault'];

export interface CatalogueSize {
  creators: number;
  packs: number;
  items: number;
}

export const FEATURE_DIMENSIONS = 16;

/** Which groups are tonal (have a key) — drums and FX are not. */
const TONAL_GROUPS = new Set(['vocals', 'keys', 'brass', 'woodwind', 'strings', 'bass']);

const ensureMarker = (client: pg.ClientBase) =>
  client.query('create table if not exists bench_search_marker (version text primary key, items integer not null, built_at timestamptz not null default now())');

export async function catalogueIsBuilt(client: pg.ClientBase, size: CatalogueSize): Promise<boolean> {
  await ensureMarker(client);
  const { rows } = await client.query<{ items: number }>('select items from bench_search_marker where version = $1', [CATALOGUE_VERSION]);
  return rows[0]?.items === size.items;
}

/** Drops every catalogue row the benchmark made (the database is the benchmark's own). */
async function clear(client: pg.ClientBase) {
  await ensureMarker(client);
  await client.query('truncate item_popularity, owned_items, items, packs, creators, search_words, bench_search_marker cascade');
  await client.query(`delete from users where email like '%@bench.crate.test'`);
}

export async function buildCatalogue(client: pg.ClientBase, size: CatalogueSize, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // One transaction: a failed build leaves the database as it was (indexes included).
  await client.query('begin');
  try {
    // Ids derived from a name, so a pack's items can find it; made valid version-4 UUIDs (as the API's ids are)
    // so that cursors and item links built from them pass the API's validation.
    await client.query(
      `create or replace function pg_temp.bench_id(name text) returns uuid language sql immutable
       as $$ select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );
    await build(client, size, step);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('set session_replication_role = origin');
  await client.query('vacuum analyze');
  step('vacuum analyze');
}

async function build(client: pg.ClientBase, size: CatalogueSize, step: (what: string) => void): Promise<void> {
  await clear(client);
  await client.query('set local session_replication_role = replica'); // no triggers, no FK checks: columns are computed below
  await client.query(`set local maintenance_work_mem = '512MB'`);
  await client.query('select setseed(0.42)');

  const instruments = INSTRUMENTS.map((i) => i.slug);
  const instrumentLabels = INSTRUMENTS.map((i) => i.label);
  const tonal = INSTRUMENTS.map((i) => TONAL_GROUPS.has(i.group));
  const genres = GENRES.map((g) => g.slug);
  const genreLabels = GENRES.map((g) => g.label);
  // search_label_words('instrument', [slug]) for each instrument.
  const instrumentWords = INSTRUMENTS.map((i) => `${i.slug.replaceAll('-', ' ')} ${i.label}`);

  await client.query(
    `insert into users (id, email, name, email_verified)
     select 'bench-user-' || n, 'creator' || n || '@bench.crate.test', 'Bench creator ' || n, true from generate_series(1, $1) n`,
    [size.creators],
  );
  await client.query(
    `insert into creators (id, user_id, slug, name)
     select pg_temp.bench_id('creator' || n), 'bench-user-' || n,
            'bench-creator-' || n,
            initcap(($2::text[])[1 + (n % array_length($2::text[], 1))]) || ' ' || ($3::text[])[1 + ((n / 40) % array_length($3::text[], 1))] || ' ' || n
     from generate_series(1, $1) n`,
    [size.creators, DESCRIPTORS, NOUNS],
  );
  step(`${size.creators} creators`);

  // Pack genres and instruments lean on the head of each list (hip hop, trap…; kick, snare…): index = floor(n·r²).
  await client.query(
    `insert into packs (id, slug, creator_id, title, status, licence_type, genres, is_free, published_at, created_at, credit_cost)
     select pg_temp.bench_id('pack' || n), 'bench-pack-' || n, pg_temp.bench_id('creator' || (1 + n % $2)),
            initcap(($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int]) || ' ' || ($5::text[])[g1] || ' ' || ($6::text[])[1 + (n % array_length($6::text[], 1))],
            case when r < 0.96 then 4 when r < 0.98 then -1 else 0 end,
            (case when random() < 0.85 then 'Royalty-Free' when random() < 0.66 then 'Royalty A' else 'Dynamic Splits' end)::licence_type,
            case when random() < 0.3 then array[($3::text[])[g1], ($3::text[])[1 + floor(random() ^ 2 * array_length($3::text[], 1))::int]] else array[($3::text[])[g1]] end,
            random() < 0.04,
            case when r < 0.96 or r >= 0.98 then now() - random() * interval '3 years' end,
            now() - interval '3 years' - random() * interval '30 days',
            10 + floor(random() * 40)::int
     from (select n, random() as r, 1 + floor(random() ^ 2 * array_length($3::text[], 1))::int as g1 from generate_series(1, $1) n) s`,
    [size.packs, size.creators, genres, DESCRIPTORS, genreLabels, PACK_WORDS],
  );
  await client.query(`update packs set status = ${PACK_STATUS.published}, published_at = now() - interval '3 years' where status = ${PACK_STATUS.draft} and published_at is not null`);
  await client.query(`update packs set published_at = null where status <> ${PACK_STATUS.published} and status <> ${PACK_STATUS.archived}`);
  step(`${size.packs} packs`);

  // Genre words per pack, once (the items' documents repeat their pack's genres).
  await client.query(`create temporary table bench_pack_words on commit drop as select id, search_label_words('genre', genres) as words from packs`);
  await client.query('alter table bench_pack_words add primary key (id)');

  // Drop the items' indexes (but the primary key) and rebuild them after the load from their own definitions.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where tablename = 'items' and indexname <> 'items_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);

  const perPack = Math.ceil(size.items / size.packs);
  await client.query(
    `insert into items (id, slug, creator_id, pack_id, position, type, kind, name, key, bpm, time_signature, feel, genres, instruments, tags,
                        licence_type, plugin, is_free, credit_cost, duration_ms, audio_features, has_stems, has_midi, takedown_reason, taken_down_at,
                        created_at, search_pack_status, search_listed_at, search_vector)
     select pg_temp.bench_id('item' || s.n), 'bench-item-' || s.n, p.creator_id, p.id, s.n % $2, s.type, s.kind, s.name, s.key, s.bpm, s.ts, s.feel,
            p.genres, s.instruments, s.tags, p.licence_type, s.plugin, p.is_free or s.r_free < 0.01, 1 + (s.n % 3), s.duration_ms,
            -- A point per item near its instrument's centre: kicks sound alike, and unlike pads.
            array(select (0.5 + 0.4 * sin(s.ins * 1.7 + d * 2.3) + 0.08 * (random() - 0.5))::real from generate_series(1, ${FEATURE_DIMENSIONS}) d),
            s.has_stems, s.has_midi,
            case when s.r_down < 0.003 then (case when s.n % 2 = 0 then 'Creator doesn''t own rights' else 'Technical Issue' end)::takedown_reason end,
            case when s.r_down < 0.003 then now() - interval '1 day' end,
            p.created_at, p.status, coalesce(p.published_at, p.created_at),
            -- search_item_vector(...) computed set-based (its label lookups per row would take minutes); checked below.
            setweight(to_tsvector('simple', s.name), 'A')
              || setweight(to_tsvector('simple', concat_ws(' ', s.instrument_words, s.kind::text, s.plugin::text)), 'B')
              || setweight(to_tsvector('simple', concat_ws(' ', array_to_string(s.tags, ' '), w.words)), 'C')
              || setweight(to_tsvector('simple', concat_ws(' ', p.title, c.name)), 'D')
     from (
       select t.*,
              case when t.is_loop then initcap(t.tag1) || ' ' || ($4::text[])[t.ins] || ' Loop ' || round(t.bpm) || ' BPM'
                   else initcap(t.tag1) || ' ' || ($4::text[])[t.ins] || ' ' || lpad((t.n % 97)::text, 2, '0') end as name,
              case when t.ins2 is null then array[($3::text[])[t.ins]] else array[($3::text[])[t.ins], ($3::text[])[t.ins2]] end as instruments,
              concat_ws(' ', ($9::text[])[t.ins], ($9::text[])[t.ins2]) as instrument_words,
              array_remove(array[t.tag1, t.tag2, case when random() < 0.5 then ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] end], null) as tags
       from (
         select u.*,
                case when u.type = 'sample' and u.kind <> 'One-Shot' then true else false end as is_loop,
                case when u.kind in ('Loop', 'Composition') then round((70 + random() * 110)::numeric, case when random() < 0.1 then 1 else 0 end)::real end as bpm,
                case when u.kind in ('Loop', 'Composition') then (case when random() < 0.88 then '4/4' when random() < 0.5 then '3/4' else '6/8' end)::time_signature end as ts,
                case when u.kind in ('Loop', 'Composition') then (case when random() < 0.8 then 'straight' else 'swing' end)::feel end as feel,
                case when ($5::boolean[])[u.ins] or u.type = 'preset' then ($7::musical_key[])[1 + floor(random() * 24)::int] end as key,
                case when u.kind = 'One-Shot' then 150 + floor(random() * 1850)::int else 4000 + floor(random() * 12000)::int end as duration_ms,
                coalesce(u.kind in ('Loop', 'Composition'), false) and random() < 0.08 as has_stems,
                ($5::boolean[])[u.ins] and coalesce(u.kind in ('Loop', 'Composition'), false) and random() < 0.3 as has_midi
         from (
           select v.n, v.ins, v.r_free, v.r_down, v.tag1, v.tag2,
                  case when v.r_type < 0.9 then 'sample'::item_type else 'preset'::item_type end as type,
                  case when v.r_type >= 0.9 then null when v.r_kind < 0.5 then 'One-Shot'::item_kind when v.r_kind < 0.92 then 'Loop'::item_kind else 'Composition'::item_kind end as kind,
                  case when v.r_type >= 0.9 then ($8::preset_plugin[])[1 + floor(random() * 7)::int] end as plugin,
                  case when random() < 0.2 then 1 + floor(random() * array_length($3::text[], 1))::int end as ins2
           from (
             select n, 1 + floor(random() ^ 2.5 * array_length($3::text[], 1))::int as ins,
                    random() as r_type, random() as r_kind, random() as r_free, random() as r_down,
                    ($6::text[])[1 + floor(random() ^ 1.5 * array_length($6::text[], 1))::int] as tag1,
                    ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] as tag2
             from generate_series(1, $1) n
           ) v
         ) u
       ) t
     ) s
     join packs p on p.id = pg_temp.bench_id('pack' || (1 + (s.n - 1) / $2))
     join creators c on c.id = p.creator_id
     join bench_pack_words w on w.id = p.id`,
    [size.items, perPack, instruments, instrumentLabels, tonal, DESCRIPTORS, MUSICAL_KEYS, PRESET_PLUGINS, instrumentWords],
  );
  step(`${size.items} items`);

  // The set-based documents must be exactly what the triggers would have written.
  const { rows: drift } = await client.query<{ got: string; expected: string }>(
    `select i.search_vector::text as got, x.v::text as expected
     from (select * from items order by id limit 2000) i
     join packs p on p.id = i.pack_id join creators c on c.id = i.creator_id
     cross join lateral (select search_item_vector(i.name, i.tags, i.instruments, i.genres, i.kind::text, i.plugin::text, p.title, c.name) as v) x
     where i.search_vector <> x.v`,
  );
  if (drift.length > 0) throw new Error(`${drift.length} of 2000 bench documents differ from search_item_vector (update the builder), e.g.\n${drift[0]!.got}\n${drift[0]!.expected}`);

  for (const index of indexes) await client.query(index.def);
  step(`${indexes.length} item indexes`);

  await client.query(`insert into search_words (word) select distinct unnest(tsvector_to_array(search_vector)) from items on conflict do nothing`);
  // Popularity: a long tail — most items never played, a few played a lot.
  await client.query(
    `insert into item_popularity (item_id, plays, downloads, favorites)
     select id, floor(1000 * random() ^ 6)::int, floor(200 * random() ^ 8)::int, floor(50 * random() ^ 8)::int
     from items tablesample bernoulli (30)`,
  );
  await client.query('insert into bench_search_marker (version, items) values ($1, $2)', [CATALOGUE_VERSION, size.items]);
  step('vocabulary and popularity');
}
