import type { EditableItem, StoredFileSummary } from '@crate/contract/item-editing';
import { presentAudioPreview } from '../catalogue/catalogue-presenters.ts';
import type { EditableItemRow } from './item-editing-repository.ts';

type FileColumns = EditableItemRow['audioFile'];

function presentFile(file: FileColumns): StoredFileSummary | null {
  // A left-joined file that is not there comes back as nulls (or as null, depending on the driver).
  if (!file?.id) return null;
  return { id: file.id, name: file.name ?? '', size: file.size ?? 0, content_type: file.contentType ?? '', duration_ms: file.durationMs, uploaded_at: (file.createdAt ?? new Date(0)).toISOString() };
}

export function presentEditableItem(row: EditableItemRow, abilities: EditableItem['abilities']): EditableItem {
  const source = row.previewFileId ?? row.audioFileId;
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    description: row.description,
    kind: row.kind,
    key: row.key,
    bpm: row.bpm,
    time_signature: row.timeSignature,
    feel: row.feel,
    genres: row.genres,
    instruments: row.instruments,
    tags: row.tags,
    credit_cost: row.creditCost,
    plugin: row.plugin,
    pack: { id: row.packId, slug: row.packSlug, title: row.packTitle, status: row.packStatus },
    creator: { id: row.creatorId, slug: row.creatorSlug, name: row.creatorName },
    audio_file: presentFile(row.audioFile),
    preset_file: presentFile(row.presetFile),
    preview_file: presentFile(row.previewFile),
    preview: row.previewReady ? presentAudioPreview(source, row.durationMs) : null,
    processing: source !== null && (!row.previewReady || row.durationMs === null),
    abilities,
    updated_at: row.updatedAt.toISOString(),
  };
}
