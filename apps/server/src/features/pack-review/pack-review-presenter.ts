import type { PackForReview, PackProcessing, PackReviewRecord, WaitingPack } from '@crate/contract/pack-review';
import { packStatusLabel } from '@crate/contract/pack-status';
import type { OutcomeCounts, OutcomeRow, ProcessingRunRow, RunSummary } from '../../processing/processing-run-repository.ts';
import type { PackReviewRow, PackRow, WaitingPackRow } from './pack-review-repository.ts';

/** Where an admin auditions a pack's audio file inline (its preview once made, else the original). */
const reviewPlayUrl = (packId: string, fileId: string) => `/api/admin/packs/${packId}/files/${fileId}/audio`;

export function presentWaitingPack(row: WaitingPackRow): WaitingPack {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    creator: { id: row.creatorId, slug: row.creatorSlug, name: row.creatorName },
    item_count: row.itemCount,
    file_count: row.fileCount,
    submitted_at: row.submittedAt.toISOString(),
  };
}

function presentReview(row: PackReviewRow): PackReviewRecord {
  return { decision: row.decision, notes: row.notes, reviewed_at: row.createdAt.toISOString() };
}

export interface LatestRun {
  run: ProcessingRunRow;
  counts: OutcomeCounts;
  problems: OutcomeRow[];
}

export function presentProcessing(pack: Pick<PackRow, 'id' | 'status'>, latest: LatestRun | null, lastReview: PackReviewRow | null): PackProcessing {
  let run: PackProcessing['run'] = null;
  if (latest) {
    const summary = latest.run.summary as RunSummary;
    const total = summary.total_files ?? 0;
    const finished = latest.run.status !== 'Running';
    run = {
      id: latest.run.id,
      status: latest.run.status,
      started_at: latest.run.startedAt.toISOString(),
      finished_at: latest.run.finishedAt?.toISOString() ?? null,
      total_files: total,
      done_files: latest.counts.done,
      failed_files: latest.counts.failed,
      progress: total === 0 ? (finished ? 1 : 0) : Math.min(1, latest.counts.done / total),
      note: summary.note ?? null,
    };
  }
  return {
    pack_id: pack.id,
    status: pack.status,
    status_label: packStatusLabel(pack.status),
    run,
    problems: (latest?.problems ?? []).map((o) => ({ file_id: o.fileId, name: o.name ?? '', kind: o.kind, status: o.status, problem: o.problem, message: o.message })),
    last_review: lastReview ? presentReview(lastReview) : null,
  };
}

export function presentPackForReview(
  pack: PackRow,
  creator: { id: string; slug: string; name: string; email: string },
  itemRows: ReadonlyArray<{ id: string; slug: string; name: string; type: 'sample' | 'preset'; kind: PackForReview['items'][number]['kind']; key: string | null; bpm: number | null; audioFileId: string | null; previewFileId: string | null }>,
  fileRows: ReadonlyArray<{ id: string; originalName: string; kind: PackForReview['files'][number]['kind']; contentType: string; size: number; itemId: string | null; problem: PackForReview['files'][number]['problem'] }>,
  playable: (file: { kind: PackForReview['files'][number]['kind']; contentType: string }) => boolean,
  reviews: PackReviewRow[],
  processing: PackProcessing,
  abilities: PackForReview['abilities'],
): PackForReview {
  const playableIds = new Set(fileRows.filter(playable).map((f) => f.id));
  const playUrl = (fileId: string | null) => (fileId && playableIds.has(fileId) ? reviewPlayUrl(pack.id, fileId) : null);
  return {
    id: pack.id,
    slug: pack.slug,
    title: pack.title,
    description: pack.description,
    status: pack.status,
    status_label: packStatusLabel(pack.status),
    licence_type: pack.licenceType,
    genres: pack.genres,
    tags: pack.tags,
    creator,
    submitted_at: pack.submittedAt?.toISOString() ?? null,
    created_at: pack.createdAt.toISOString(),
    items: itemRows.map((item) => ({
      id: item.id,
      slug: item.slug,
      name: item.name,
      type: item.type,
      kind: item.kind,
      key: item.key,
      bpm: item.bpm,
      play_url: playUrl(item.audioFileId) ?? playUrl(item.previewFileId) ?? playUrl(fileRows.find((f) => f.itemId === item.id && playableIds.has(f.id))?.id ?? null),
      file_names: fileRows.filter((f) => f.itemId === item.id).map((f) => f.originalName),
    })),
    files: fileRows.map((f) => ({ id: f.id, name: f.originalName, kind: f.kind, content_type: f.contentType, size: f.size, item_id: f.itemId, problem: f.problem, play_url: playUrl(f.id) })),
    reviews: reviews.map(presentReview),
    processing,
    abilities,
  };
}
