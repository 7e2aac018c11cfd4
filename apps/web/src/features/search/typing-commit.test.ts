import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingCommit } from './typing-commit.ts';

describe('typed text becoming a search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const setup = () => {
    const commits: string[] = [];
    const typing = createTypingCommit((text) => commits.push(text), 50, () => Date.now());
    return { commits, typing };
  };

  it('commits the first key after a pause at once', () => {
    const { commits, typing } = setup();
    typing.type('k');
    expect(commits).toEqual(['k']);
    vi.advanceTimersByTime(200);
    typing.type('ki');
    expect(commits).toEqual(['k', 'ki']);
  });

  it('gathers a burst of fast keys into its first key and its last text', () => {
    const { commits, typing } = setup();
    for (const text of ['k', 'ki', 'kic', 'kick']) {
      typing.type(text);
      vi.advanceTimersByTime(20);
    }
    expect(commits).toEqual(['k']);
    vi.advanceTimersByTime(50);
    expect(commits).toEqual(['k', 'kick']);
    vi.advanceTimersByTime(500);
    expect(commits).toEqual(['k', 'kick']);
  });

  it('waits for the quiet time after a commit before committing at once again', () => {
    const { commits, typing } = setup();
    typing.type('b');
    vi.advanceTimersByTime(30);
    typing.type('ba');
    expect(commits).toEqual(['b']);
    vi.advanceTimersByTime(49);
    expect(commits).toEqual(['b']);
    vi.advanceTimersByTime(1);
    expect(commits).toEqual(['b', 'ba']);
  });

  it('flush commits what waits, and only once', () => {
    const { commits, typing } = setup();
    typing.type('s');
    typing.type('sn');
    typing.flush();
    expect(commits).toEqual(['s', 'sn']);
    typing.flush();
    vi.advanceTimersByTime(100);
    expect(commits).toEqual(['s', 'sn']);
  });

  it('cancel drops what waits', () => {
    const { commits, typing } = setup();
    typing.type('p');
    typing.type('pa');
    typing.cancel();
    vi.advanceTimersByTime(100);
    expect(commits).toEqual(['p']);
  });
});
