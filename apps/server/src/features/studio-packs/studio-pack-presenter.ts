import type { CreatorRef } from '@crate/contract/catalogue';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { PACK_STATUS, packStatusLabel, takesFiles } from '@crate/contract/pack-status';
import type { NextAction, StudioFile, StudioItem, StudioPack, StudioPackSummary, ZipImport } from '@crate/contract/studio-packs';
import { imageSet } from '../../media/media-urls.ts';
import type { FileRecord } from '../../files/file-repository.ts';
import type { PackItemRow, PackSummaryFacts, StudioPackRow } from './studio-pack-repository.ts';
import type { ZipImportRow } from './zip-import-repository.ts';

const creatorOf = (row: StudioPackRow): CreatorRef => ({ id: row.creatorId, slug: row.creatorSlug, name: row.creatorName });

/** What the creator should do next: add files to an empty draft, fix files with problems, submit, or wait for us. */
function nextActionOf(status: number, facts: Pick<PackSummaryFacts, 'file_count' | 'problem_count' | 'item_count'>): NextAction {
  switch (status) {
    case PACK_STATUS.draft:
      if (facts.item_count === 0) return 'add-files';
      return facts.problem_count > 0 ? 'fix-files' : 'submit';
    case PACK_STATUS.fileErrors:
      return 'fix-files';
    case PACK_STATUS.awaitingApproval:
      return 'wait-review';
    case PACK_STATUS.approved:
    case PACK_STATUS.processing:
      return 'wait-processing';
    default:
      return 'none';
  }
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function processingOf(facts: PackSummaryFacts | undefined): StudioPackSummary['processing'] {
  if (!facts?.run_status || !facts.run_started_at) return null;
  return { status: facts.run_status, done: Number(facts.run_done), total: Number(facts.run_total), started_at: iso(facts.run_started_at)!, finished_at: iso(facts.run_finished_at) };
}

export function presentStudioPackSummary(row: StudioPackRow, facts: PackSummaryFacts | undefined, abilities: StudioPackSummary['abilities']): StudioPackSummary {
  const counts = { item_count: facts?.item_count ?? 0, file_count: facts?.file_count ?? 0, problem_count: facts?.problem_count ?? 0 };
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    // An archived pack its creator withdrew says so: "Archived" alone would read as a takedown.
    status_label: row.withdrawnAt ? 'Withdrawn' : packStatusLabel(row.status),
    creator: creatorOf(row),
    cover: imageSet(row.coverFileId),
    ...counts,
    next_action: nextActionOf(row.status, counts),
    processing: processingOf(facts),
    abilities,
    withdrawn_at: iso(row.withdrawnAt),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The path the creator uploaded the file as (inside their folder or zip), else its name. */
export const pathOf = (file: Pick<FileRecord, 'originalName' | 'customMetadata'>) => file.customMetadata.relativePath ?? file.originalName;

const PROBLEM_WORDS = { missing: 'The stored file is missing: upload it again.', empty: 'The file is empty (0 bytes or no audio).' } as const;

/** A duplicate names the file it repeats (same bytes); anything the pipeline said about a file wins over the generic words. */
function problemMessage(file: FileRecord, all: readonly FileRecord[], pipelineSaid: ReadonlyMap<string, string>): string | null {
  if (!file.problem) return null;
  const said = pipelineSaid.get(file.id);
  if (said) return said;
  if (file.problem === 'duplicate') {
    const twin = all.find((other) => other.id !== file.id && other.md5 !== null && other.md5 === file.md5);
    return twin ? `Same audio as "${pathOf(twin)}": remove one of them.` : 'The same audio is already in your catalogue.';
  }
  return PROBLEM_WORDS[file.problem];
}

function presentFile(file: FileRecord, all: readonly FileRecord[], pipelineSaid: ReadonlyMap<string, string>, analysing: ReadonlySet<string>): StudioFile {
  const analysis = file.analysis;
  return {
    id: file.id,
    path: pathOf(file),
    kind: file.kind as PackFileKind,
    size: file.size,
    item_id: file.itemId,
    problem: file.problem,
    problem_message: problemMessage(file, all, pipelineSaid),
    analysis: analysis
      ? { bpm: analysis.bpm, bpm_confidence: analysis.bpmConfidence, key: analysis.key, key_confidence: analysis.keyConfidence, kind: analysis.kind ?? null, pitched: analysis.pitched ?? null }
      : null,
    analysing: analysing.has(file.id),
    uploaded_at: file.createdAt.toISOString(),
  };
}

function presentItem(item: PackItemRow): StudioItem {
  return {
    id: item.id,
    slug: item.slug,
    type: item.type,
    name: item.name,
    kind: item.kind,
    key: item.key,
    bpm: item.bpm,
    time_signature: item.timeSignature,
    feel: item.feel,
    genres: item.genres,
    instruments: item.instruments,
    tags: item.tags,
    credit_cost: item.creditCost,
    plugin: item.plugin,
    has_stems: item.hasStems,
    has_midi: item.hasMidi,
    file_id: item.audioFileId ?? item.presetFileId,
  };
}

/** Why the pack cannot go to review yet, in the creator's words; empty when it can. */
export function submitBlockers(
  row: StudioPackRow,
  files: readonly FileRecord[],
  items: readonly PackItemRow[],
  zipImports: readonly Pick<ZipImportRow, 'state'>[],
  analysing: ReadonlySet<string>,
): string[] {
  const blockers: string[] = [];
  if (!takesFiles(row.status)) blockers.push(`The pack is ${packStatusLabel(row.status).toLowerCase()}: only a draft goes to review.`);
  const unpacking = zipImports.filter((z) => z.state === 'unpacking').length;
  if (unpacking > 0) blockers.push(`${unpacking === 1 ? 'A zip is' : `${unpacking} zips are`} still being unpacked: wait until ${unpacking === 1 ? 'its' : 'their'} files are in the pack.`);
  // Its kind, tempo and key fill in as each sound is heard: the reviewer should see what the creator saw and confirmed.
  const listening = files.filter((f) => analysing.has(f.id)).length;
  if (listening > 0) blockers.push(`${listening === 1 ? 'A sound is' : `${listening} sounds are`} still being listened to for kind, tempo and key: wait until ${listening === 1 ? 'it is' : 'they are'} filled in.`);
  if (items.length === 0) blockers.push('Upload at least one sound or preset.');
  if (!row.coverFileId) blockers.push('Add cover art (a square image of at least 500 × 500 pixels).');
  const problems = files.filter((f) => f.problem).length;
  if (problems > 0) blockers.push(`${problems} ${problems === 1 ? 'file has a problem' : 'files have problems'}: fix or remove ${problems === 1 ? 'it' : 'them'} first.`);
  const loopsWithoutBpm = items.filter((i) => i.kind === 'Loop' && i.bpm === null).length;
  if (loopsWithoutBpm > 0) blockers.push(`${loopsWithoutBpm} ${loopsWithoutBpm === 1 ? 'loop has' : 'loops have'} no BPM.`);
  return blockers;
}

export function presentZipImport(row: ZipImportRow): ZipImport {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    total: row.total,
    done: row.done,
    imported: row.imported,
    refused: row.refused,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

export function presentStudioPack(
  row: StudioPackRow,
  files: readonly FileRecord[],
  items: readonly PackItemRow[],
  facts: PackSummaryFacts | undefined,
  pipelineSaid: ReadonlyMap<string, string>,
  analysing: ReadonlySet<string>,
  abilities: StudioPackSummary['abilities'],
  zipImports: readonly ZipImportRow[],
): StudioPack {
  return {
    ...presentStudioPackSummary(row, facts, abilities),
    description: row.description,
    genres: row.genres,
    licence_type: row.licenceType,
    credit_cost: row.creditCost,
    price_cents: row.priceCents,
    currency: row.currency,
    total_bytes: files.reduce((sum, f) => sum + f.size, 0),
    files: files.map((f) => presentFile(f, files, pipelineSaid, analysing)),
    items: items.map(presentItem),
    submit_blockers: submitBlockers(row, files, items, zipImports, analysing),
    zip_imports: zipImports.map(presentZipImport),
  };
}
