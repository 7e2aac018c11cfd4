/**
 * What newly stored files become in their pack: a sound becomes a sample item pre-filled from its file name,
 * a preset a preset item for the plugin its path names, a preview is tied to the preset of the same name,
 * stems and MIDI to the sound they belong with, the newest cover art and pack preview replace the old ones.
 * Runs inside the upload's transaction; linking works whichever of a pair arrives first.
 */
import path from 'node:path/posix';
import type { PackFileKind, PresetPlugin } from '@crate/contract/catalogue-enums';
import { metadataFromFileName } from '@crate/contract/filename-metadata';
import { PRESET_EXTENSIONS, presetPluginFromPath } from '@crate/contract/pack-file-kind';
import type { Tx } from '../../db/client.ts';
import type { FileRecord } from '../../files/file-repository.ts';
import { listOriginalFiles } from '../../processing/processing-run-repository.ts';
import type { AppJobQueue } from '../../jobs/job-catalogue.ts';
import { newSlug, refreshItemFlags } from './studio-pack-service.ts';
import {
  deleteItemKeepingFiles,
  insertItem,
  linkFile,
  listItemFiles,
  nextItemPosition,
  setFileKind,
  setItemPreview,
  setPackCover,
  setPackPreview,
  touchPack,
  type StudioPackRow,
} from './studio-pack-repository.ts';
import { pathOf } from './studio-pack-presenter.ts';

const dirOf = (filePath: string) => path.dirname(filePath.replace(/\\/g, '/'));
/** "Growl (Preview).mp3", "growl_preview.wav" and "Growl.fxp" are the same sound by this key. */
const soundKey = (filePath: string) =>
  path
    .basename(filePath.replace(/\\/g, '/'), path.extname(filePath))
    .toLowerCase()
    .replace(/\b(preview|demo)\b/g, '')
    .replace(/[^a-z0-9]+/g, '');
/** Folders that only group stems or MIDI ("Stems", "MIDI") do not count when matching them to their sound. */
const ownerDir = (filePath: string) =>
  dirOf(filePath)
    .split('/')
    .filter((segment) => !/^(stems?|midi|mid)$/i.test(segment))
    .join('/');

/** The plugin for a preset: named by its path, else the first plugin that opens its extension. */
function pluginOf(filePath: string): PresetPlugin {
  const named = presetPluginFromPath(filePath);
  if (named) return named;
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return (Object.keys(PRESET_EXTENSIONS) as PresetPlugin[]).find((plugin) => PRESET_EXTENSIONS[plugin].includes(extension)) ?? 'Serum';
}

interface ItemFileLink {
  itemId: string;
  type: 'sample' | 'preset';
  file: FileRecord;
}

/** The item a stem or MIDI file belongs with: the one sound in its folder, else the sound whose name starts its name. */
function ownerOf(filePath: string, sounds: readonly ItemFileLink[]): string | null {
  const samples = sounds.filter((s) => s.type === 'sample');
  const inFolder = samples.filter((s) => dirOf(pathOf(s.file)) === ownerDir(filePath));
  if (inFolder.length === 1) return inFolder[0]!.itemId;
  const key = soundKey(filePath);
  const byName = (inFolder.length > 0 ? inFolder : samples).filter((s) => soundKey(pathOf(s.file)).length >= 3 && key.startsWith(soundKey(pathOf(s.file))));
  return byName.length === 1 ? byName[0]!.itemId : null;
}

/** Attaches `stored` (already inserted in `files`) to the pack; returns the files that replaced an old cover or preview (to delete after commit) and the pack's originals as it read them (for the duplicate check). */
export async function attachPackFiles(tx: Tx, jobs: AppJobQueue, pack: StudioPackRow, stored: readonly FileRecord[]): Promise<{ replaced: string[]; packFiles: FileRecord[] }> {
  const replaced: string[] = [];
  const all = await listOriginalFiles(tx, pack.id);
  let position = await nextItemPosition(tx, pack.id);
  const itemRows = await listItemFiles(tx, pack.id);
  const byId = new Map(all.map((f) => [f.id, f]));
  const sounds: ItemFileLink[] = itemRows.flatMap((row) => {
    const file = byId.get(row.audioFileId ?? row.presetFileId ?? '');
    return file ? [{ itemId: row.id, type: row.type, file }] : [];
  });
  const withoutPreview = new Set(itemRows.filter((r) => r.type === 'preset' && !r.previewFileId).map((r) => r.id));
  const touched = new Set<string>();

  const link = async (fileId: string, itemId: string) => {
    await linkFile(tx, fileId, itemId);
    touched.add(itemId);
  };

  for (const file of stored) {
    const filePath = file.customMetadata.relativePath ?? file.originalName;
    const row = byId.get(file.id)!;
    switch (file.kind as PackFileKind) {
      case 'Cover art':
        if (pack.coverFileId) replaced.push(pack.coverFileId);
        await setPackCover(tx, pack.id, file.id);
        pack = { ...pack, coverFileId: file.id };
        await jobs.enqueue('derive-media', { fileId: file.id }, { tx, owner: pack.creatorId });
        break;
      case 'Pack preview audio':
        if (pack.previewFileId) replaced.push(pack.previewFileId);
        await setPackPreview(tx, pack.id, file.id);
        pack = { ...pack, previewFileId: file.id };
        break;
      case 'Sample audio':
      case 'Preset': {
        const isPreset = file.kind === 'Preset';
        const twin = (s: ItemFileLink) => dirOf(pathOf(s.file)) === dirOf(filePath) && soundKey(pathOf(s.file)) === soundKey(filePath);
        // Audio named like a preset beside it is that preset's preview ("Growl.fxp" + "Growl.wav"), whichever came first.
        const presetOfThisPreview = isPreset ? undefined : sounds.find((s) => s.type === 'preset' && withoutPreview.has(s.itemId) && twin(s));
        if (presetOfThisPreview) {
          await setFileKind(tx, file.id, 'Preset preview audio');
          await setItemPreview(tx, presetOfThisPreview.itemId, file.id);
          await link(file.id, presetOfThisPreview.itemId);
          withoutPreview.delete(presetOfThisPreview.itemId);
          break;
        }
        const prefill = metadataFromFileName(path.basename(filePath));
        const itemId = await insertItem(tx, {
          slug: newSlug(prefill.name, 'sound'),
          creatorId: pack.creatorId,
          packId: pack.id,
          position: position++,
          type: isPreset ? 'preset' : 'sample',
          kind: prefill.kind ?? null,
          name: prefill.name,
          key: prefill.key ?? null,
          bpm: prefill.bpm ?? null,
          genres: prefill.genres?.length ? prefill.genres : pack.genres.slice(0, 8),
          instruments: prefill.instruments ?? [],
          licenceType: pack.licenceType,
          plugin: isPreset ? pluginOf(filePath) : null,
          ...(isPreset ? { presetFileId: file.id } : { audioFileId: file.id }),
        });
        await link(file.id, itemId);
        sounds.push({ itemId, type: isPreset ? 'preset' : 'sample', file: row });
        if (isPreset) {
          // Its preview may have arrived first: as a loose preview, or taken for a sample of its own (a draft's, which nobody owns).
          const loosePreview = all.find((f) => f.kind === 'Preset preview audio' && f.itemId === null && dirOf(pathOf(f)) === dirOf(filePath) && soundKey(pathOf(f)) === soundKey(filePath));
          const sampleTwin = loosePreview ? undefined : sounds.find((s) => s.type === 'sample' && s.itemId !== itemId && twin(s));
          const previewId = loosePreview?.id ?? sampleTwin?.file.id;
          if (sampleTwin) {
            await deleteItemKeepingFiles(tx, sampleTwin.itemId, { kind: 'Preset preview audio' });
            sounds.splice(sounds.indexOf(sampleTwin), 1);
          }
          if (previewId) {
            await setItemPreview(tx, itemId, previewId);
            await link(previewId, itemId);
          } else withoutPreview.add(itemId);
        } else {
          await jobs.enqueue('analyse-audio', { fileId: file.id }, { tx, owner: pack.creatorId });
          // Stems and MIDI that arrived before their sound.
          for (const loose of all.filter((f) => (f.kind === 'Stem audio' || f.kind === 'Midi') && f.itemId === null)) {
            if (ownerOf(pathOf(loose), sounds) === itemId) await link(loose.id, itemId);
          }
        }
        break;
      }
      case 'Preset preview audio': {
        const preset = sounds.find((s) => s.type === 'preset' && withoutPreview.has(s.itemId) && soundKey(pathOf(s.file)) === soundKey(filePath));
        if (preset) {
          await setItemPreview(tx, preset.itemId, file.id, { onlyIfNone: true });
          await link(file.id, preset.itemId);
          withoutPreview.delete(preset.itemId);
        }
        break;
      }
      case 'Stem audio':
      case 'Midi': {
        const owner = ownerOf(filePath, sounds);
        if (owner) await link(file.id, owner);
        break;
      }
    }
  }
  await refreshItemFlags(tx, [...touched]);
  await touchPack(tx, pack.id);
  return { replaced, packFiles: all };
}
