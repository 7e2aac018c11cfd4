import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reset and recovery requests, and failed sign-ins, answer no sooner than this, whatever happened, so the time taken does
 * not tell whether the e-mail has an account (the real work is a few queries and one queued job).
 */
export const NEUTRAL_ANSWER_MS = 250;

export async function answerNoSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

/** Like answerNoSoonerThan, but only a failure waits: a success is already a different answer. */
export async function failNoSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } catch (error) {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
    throw error;
  }
}
