import type { CreatorProfile } from '@crate/contract/creator-profile';
import { bannerSet, imageSet } from '../../media/media-urls.ts';
import type { EditableCreatorProfile } from './creator-profile-repository.ts';

export function presentCreatorProfile(row: EditableCreatorProfile): CreatorProfile {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    location: row.location,
    links: row.links,
    avatar_file_id: row.avatarFileId,
    avatar: imageSet(row.avatarFileId),
    banner_file_id: row.bannerFileId,
    banner: bannerSet(row.bannerFileId),
    updated_at: row.updatedAt.toISOString(),
  };
}
