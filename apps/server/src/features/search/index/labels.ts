import { Codes } from './codes.ts';
import type { IndexedLabel } from './indexed-item.ts';

/** Packs or creators: their ids as codes (the pack and creator columns hold those), each one's slug and label. */
export interface LabelTable {
  codes: Codes;
  rows: (IndexedLabel | null)[];
  bySlug: Map<string, number>;
}

export interface SavedLabels {
  ids: (string | null)[];
  slugs: (string | null)[];
  labels: (string | null)[];
}

export const newLabels = (): LabelTable => ({ codes: new Codes(), rows: [null], bySlug: new Map() });

export function setLabel(table: LabelTable, row: IndexedLabel) {
  const code = table.codes.code(row.id);
  const before = table.rows[code];
  if (before && table.bySlug.get(before.slug) === code) table.bySlug.delete(before.slug);
  // Only what the index answers with: a row read from the database carries its words too (20,000 lists kept for nothing).
  table.rows[code] = { id: row.id, slug: row.slug, label: row.label };
  table.bySlug.set(row.slug, code);
}

export const labelsState = (table: LabelTable): SavedLabels => ({
  ids: table.codes.values,
  slugs: table.rows.map((row) => row?.slug ?? null),
  labels: table.rows.map((row) => row?.label ?? null),
});

/** Saved labels into an empty table, each id keeping its code. */
export function loadLabels(table: LabelTable, saved: SavedLabels) {
  saved.ids.forEach((id, code) => {
    if (code === 0 || id === null) return;
    const slug = saved.slugs[code];
    const label = saved.labels[code];
    if (slug == null || label == null) table.codes.code(id);
    else setLabel(table, { id, slug, label });
  });
}
