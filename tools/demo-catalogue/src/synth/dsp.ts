/**
 * Small, allocation-free DSP building blocks. Hot loops index typed arrays with `!` because the
 * project compiles with noUncheckedIndexedAccess and every index here is in range by construction.
 */

export interface StereoBuffer {
  left: Float32Array;
  right: Float32Array;
}

export function createStereoBuffer(length: number): StereoBuffer {
  return { left: new Float32Array(length), right: new Float32Array(length) };
}

/** Equal-power pan gains for pan in [-1 (left), 1 (right)]. */
export function panGains(pan: number): [number, number] {
  const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  return [Math.cos(angle), Math.sin(angle)];
}

const NOISE_BITS = 18;
const NOISE_MASK = (1 << NOISE_BITS) - 1;
/** 2^18 samples (about 6 s) of white noise, made once: reading a table beats running a PRNG per sample. */
const NOISE_TABLE = (() => {
  const table = new Float32Array(1 << NOISE_BITS);
  let x = 0x2545f491;
  for (let i = 0; i < table.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    table[i] = (x >>> 0) / 2147483648 - 1;
  }
  return table;
})();

/** Deterministic white noise in [-1, 1): a walk through the shared table from a seeded offset. */
export class Noise {
  private index: number;
  constructor(seed: number) {
    this.index = (seed >>> 0) & NOISE_MASK;
  }
  next(): number {
    const v = NOISE_TABLE[this.index]!;
    this.index = (this.index + 1) & NOISE_MASK;
    return v;
  }
}

/**
 * Topology-preserving state-variable filter (Zavalishin / Cytomic). Stable under fast cutoff
 * modulation; gives low, band and high outputs from one update.
 */
export class StateVariableFilter {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;
  low = 0;
  band = 0;
  high = 0;
  constructor(
    private readonly sampleRate: number,
    cutoff = 1000,
    resonance = 0.707,
  ) {
    this.set(cutoff, resonance);
  }
  set(cutoff: number, q = 0.707): void {
    const fc = Math.min(Math.max(cutoff, 10), this.sampleRate * 0.49);
    const g = Math.tan((Math.PI * fc) / this.sampleRate);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }
  process(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.low = v2;
    this.band = v1;
    this.high = x - this.k * v1 - v2;
    return v2;
  }
}

export function peakOf(buffer: StereoBuffer): number {
  let peak = 0;
  const { left, right } = buffer;
  for (let i = 0; i < left.length; i++) {
    const a = Math.abs(left[i]!);
    const b = Math.abs(right[i]!);
    if (a > peak) peak = a;
    if (b > peak) peak = b;
  }
  return peak;
}

export function scaleBuffer(buffer: StereoBuffer, gain: number): void {
  const { left, right } = buffer;
  for (let i = 0; i < left.length; i++) {
    left[i]! *= gain;
    right[i]! *= gain;
  }
}
