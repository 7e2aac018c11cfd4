import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** Local disk unless S3_BUCKET is set (see config.ts); both speak the same ObjectStorage contract. */
export function createObjectStorage(config: Config['storage']): ObjectStorage {
  if (config.kind === 'local') return createLocalStorage(config.dir);
  return createS3Storage(config);
}
