import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this process (the server's side of a phase) from now until `stop`, as `node --cpu-prof` writes
 * one: open it in Chrome's DevTools or read it with profile-summary.ts.
 */
export async function startCpuProfile(): Promise<{ stop(): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return JSON.stringify(profile);
    },
  };
}
