// A media pool thread (media-pool.ts): TypeScript is loaded through tsx, as the server itself is
// (`node --import tsx`), also when the thread's parent was started another way (vitest, a bench).
import { register } from 'tsx/esm/api';

register();
await import('./media-worker.ts');
