import { isCountedPlay } from '@crate/contract/play-threshold';

/**
 * How long the current sound has really sounded, and one report once that is a play
 * (docs/decisions/0028: `isCountedPlay`, shared with the server). Listening time is the playhead's
 * advance between successive position updates while playing: a seek, a loop wrapping round or a
 * stalled tab adds nothing. A listen starts each time a sound is started from the beginning.
 */
export interface ListenTracker {
  /** A new listen of `itemId` (null: not an item, e.g. a pack's preview, never reported). */
  start(itemId: string | null, durationMs: number | null): void;
  /** The playhead is at `seconds`; `playing` tells whether the sound is playing now. */
  position(seconds: number, playing: boolean): void;
  /** The playhead jumped (a seek): the next position starts counting afresh. */
  jumped(): void;
  /** Time listened to the current sound so far, in ms. */
  listenedMs(): number;
}

/** The longest advance between two position updates that still counts as playing (browsers update every 0.25 s or so). */
const MAX_STEP_SECONDS = 1.5;

export function createListenTracker(report: (itemId: string, listenedMs: number) => void): ListenTracker {
  let itemId: string | null = null;
  let durationMs: number | null = null;
  let listened = 0;
  let last: number | null = null;
  let reported = false;

  return {
    start(id, duration) {
      itemId = id;
      durationMs = duration;
      listened = 0;
      last = null;
      reported = false;
    },
    position(seconds, playing) {
      if (!Number.isFinite(seconds)) return;
      if (playing && last !== null) {
        const step = seconds - last;
        if (step > 0 && step <= MAX_STEP_SECONDS) listened += step;
      }
      last = seconds;
      const ms = Math.round(listened * 1000);
      if (!reported && itemId !== null && isCountedPlay(ms, durationMs)) {
        reported = true;
        report(itemId, ms);
      }
    },
    jumped() {
      last = null;
    },
    listenedMs: () => Math.round(listened * 1000),
  };
}
