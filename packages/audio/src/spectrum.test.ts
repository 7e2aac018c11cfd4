import { describe, expect, it } from 'vitest';
import { bandEnergyRatio, chroma, fft, mixToMono, peakFrequency, powerSpectrum } from './spectrum.ts';

function sine(hz: number, seconds: number, sampleRate = 44100, amplitude = 1) {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return out;
}

describe('fft', () => {
  it('matches a direct DFT and keeps Parseval’s energy', () => {
    const n = 64;
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    for (let i = 0; i < n; i++) re[i] = Math.sin(i * 0.7) + 0.3 * Math.cos(i * 2.1) + (i % 5) / 10;
    const input = Float64Array.from(re);
    fft(re, im);
    for (const k of [0, 1, 7, 31, 50]) {
      let dr = 0;
      let di = 0;
      for (let t = 0; t < n; t++) {
        dr += input[t]! * Math.cos((-2 * Math.PI * k * t) / n);
        di += input[t]! * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(dr, 9);
      expect(im[k]).toBeCloseTo(di, 9);
    }
    const timeEnergy = input.reduce((s, x) => s + x * x, 0);
    let freqEnergy = 0;
    for (let k = 0; k < n; k++) freqEnergy += re[k]! * re[k]! + im[k]! * im[k]!;
    expect(freqEnergy / n).toBeCloseTo(timeEnergy, 9);
  });

  it('refuses lengths that are not a power of two', () => {
    expect(() => fft(new Float64Array(6), new Float64Array(6))).toThrow();
  });
});

describe('spectra', () => {
  it('finds a tone’s frequency, band and pitch class', () => {
    const a440 = powerSpectrum(sine(440, 1), 44100, 8192);
    expect(peakFrequency(a440, 100, 2000)).toBeCloseTo(440, 0);
    expect(bandEnergyRatio(a440, 400, 480)).toBeGreaterThan(0.99);
    const bins = chroma(a440);
    expect(bins[9]).toBeGreaterThan(0.95);
    expect(bins.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('mixes channels down by averaging', () => {
    const mono = mixToMono([new Float32Array([1, 0.5]), new Float32Array([0, 0.5])]);
    expect([...mono]).toEqual([0.5, 0.5]);
  });
});
