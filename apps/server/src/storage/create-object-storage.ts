import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

export function createObjectStorage(config: Config['storage']): ObjectStorage {
  if (config.kind === 'local') return createLocalStorage(config.dir);
  throw new Error('S3 storage is configured but the S3 adapter is missing');
}
