/**
 * Generated cover, avatar and banner art for the demo catalogue: deterministic abstract SVG, so the
 * same seed and title always give the same picture. The product derives its sizes like any upload.
 */
import { createRandom, type Random } from '../seeded-random.ts';

export interface GeneratedArtOptions {
  seed: string | number;
  /** Mixed into the seed, so two packs with the same seed and different titles differ. */
  title: string;
  width?: number;
  height?: number;
}

export const GENERATED_ART_STYLES = ['aurora', 'waves', 'rings', 'equalizer', 'halftone', 'shards'] as const;
export type GeneratedArtStyle = (typeof GENERATED_ART_STYLES)[number];

/**
 * Deterministic abstract art as SVG: a palette and one of several compositions (blurred light,
 * stacked waves, vinyl rings, an equalizer, a halftone field, glass shards) over a dark gradient,
 * with film grain and a vignette. No text, so it renders the same without any fonts installed.
 */
export function generateArtSvg(options: GeneratedArtOptions): string {
  const width = options.width ?? 1000;
  const height = options.height ?? 1000;
  const random = createRandom(`art/${String(options.seed)}/${options.title}`);
  const palette = makePalette(random.fork('palette'));
  const style = random.fork('style').pick(GENERATED_ART_STYLES);
  const r = random.fork('shapes');
  const angle = r.range(0, 360);
  const body = COMPOSERS[style]({ r, palette, width, height });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" data-style="${style}">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${fmt(angle)} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${palette.dark}"/><stop offset="1" stop-color="${palette.deep}"/>`,
    '</linearGradient>',
    '<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">',
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>',
    '</radialGradient>',
    `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fmt(Math.min(width, height) * 0.06)}"/></filter>`,
    `<filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${fmt(Math.min(width, height) * 0.012)}"/></filter>`,
    `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${r.int(1, 999)}"/><feColorMatrix type="saturate" values="0"/></filter>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    body,
    `<rect width="${width}" height="${height}" filter="url(#grain)" opacity="0.09"/>`,
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
    '</svg>',
  ].join('');
}

interface Palette {
  dark: string;
  deep: string;
  accents: string[];
}

function makePalette(r: Random): Palette {
  const base = r.range(0, 360);
  const schemes = [
    [0, 30, 60, 330],
    [0, 180, 150, 30],
    [0, 120, 240, 60],
    [0, 150, 210, 20],
    [0, 40, 200, 240],
  ];
  const offsets = r.pick(schemes);
  const accents = offsets.map((o, i) => hsl(base + o, r.range(65, 95), i === 0 ? r.range(55, 65) : r.range(45, 70)));
  return {
    dark: hsl(base + r.range(-20, 20), r.range(30, 55), r.range(6, 12)),
    deep: hsl(base + r.pick(offsets), r.range(40, 70), r.range(14, 24)),
    accents,
  };
}

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = light - c / 2;
  const [r1, g1, b1] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  const hex = (v: number) => Math.round((v + m) * 255).toString(16).padStart(2, '0');
  return `#${hex(r1)}${hex(g1)}${hex(b1)}`;
}

const fmt = (x: number) => (Math.round(x * 10) / 10).toString();

interface ComposeContext {
  r: Random;
  palette: Palette;
  width: number;
  height: number;
}

const COMPOSERS: Record<GeneratedArtStyle, (c: ComposeContext) => string> = {
  aurora({ r, palette, width, height }) {
    const parts: string[] = ['<g filter="url(#blur)">'];
    const count = r.int(4, 6);
    for (let i = 0; i < count; i++) {
      const radius = Math.min(width, height) * r.range(0.18, 0.38);
      parts.push(
        `<circle cx="${fmt(r.range(0.1, 0.9) * width)}" cy="${fmt(r.range(0.1, 0.9) * height)}" r="${fmt(radius)}" fill="${palette.accents[i % palette.accents.length]}" opacity="${fmt(r.range(0.55, 0.9))}"/>`,
      );
    }
    parts.push('</g>');
    // A thin arc of light across the glow.
    const y = r.range(0.3, 0.7) * height;
    parts.push(
      `<path d="M0 ${fmt(y)} Q ${fmt(width / 2)} ${fmt(y - r.range(-0.4, 0.4) * height)} ${width} ${fmt(y + r.range(-0.2, 0.2) * height)}" stroke="#fff" stroke-opacity="0.35" stroke-width="${fmt(Math.min(width, height) * 0.004)}" fill="none" filter="url(#glow)"/>`,
    );
    return parts.join('');
  },
  waves({ r, palette, width, height }) {
    const parts: string[] = [];
    const bands = r.int(5, 8);
    for (let b = 0; b < bands; b++) {
      const baseY = height * (0.3 + (0.6 * b) / bands);
      const amp = height * r.range(0.03, 0.1);
      const freq = r.range(1, 3);
      const phase = r.range(0, Math.PI * 2);
      const points: string[] = [];
      for (let x = 0; x <= 64; x++) {
        const px = (x / 64) * width;
        const py = baseY + amp * Math.sin((x / 64) * Math.PI * 2 * freq + phase) + amp * 0.4 * Math.sin((x / 64) * Math.PI * 7 + phase * 2);
        points.push(`${fmt(px)} ${fmt(py)}`);
      }
      const color = palette.accents[b % palette.accents.length];
      parts.push(`<path d="M0 ${height} L${points.join(' L')} L${width} ${height} Z" fill="${color}" opacity="${fmt(0.35 + (0.5 * b) / bands)}"/>`);
      parts.push(`<path d="M${points.join(' L')}" stroke="#fff" stroke-opacity="0.25" stroke-width="${fmt(height * 0.002)}" fill="none"/>`);
    }
    return parts.join('');
  },
  rings({ r, palette, width, height }) {
    const cx = width * r.range(0.3, 0.7);
    const cy = height * r.range(0.3, 0.7);
    const max = Math.hypot(width, height) * 0.6;
    const parts: string[] = [
      `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(max * 0.35)}" fill="${palette.accents[0]}" opacity="0.7" filter="url(#blur)"/>`,
    ];
    let radius = max * r.range(0.04, 0.08);
    let i = 0;
    while (radius < max) {
      const stroke = Math.min(width, height) * r.range(0.004, 0.03);
      parts.push(
        `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}" fill="none" stroke="${palette.accents[i % palette.accents.length]}" stroke-width="${fmt(stroke)}" opacity="${fmt(r.range(0.35, 0.9))}"/>`,
      );
      radius += stroke + Math.min(width, height) * r.range(0.01, 0.05);
      i++;
    }
    return parts.join('');
  },
  equalizer({ r, palette, width, height }) {
    const bars = r.int(24, 48);
    const gap = 0.3;
    const barWidth = width / bars;
    const parts: string[] = [
      '<linearGradient id="eq" x1="0" y1="1" x2="0" y2="0">',
      `<stop offset="0" stop-color="${palette.accents[0]}"/><stop offset="0.6" stop-color="${palette.accents[1]}"/><stop offset="1" stop-color="${palette.accents[2]}"/>`,
      '</linearGradient>',
    ];
    const floor = height * r.range(0.65, 0.8);
    const phases = [r.range(0, 6), r.range(0, 6), r.range(0, 6)];
    const bodies: string[] = [];
    for (let b = 0; b < bars; b++) {
      const x = b / bars;
      const level =
        0.5 + 0.25 * Math.sin(x * 5 + phases[0]!) + 0.15 * Math.sin(x * 13 + phases[1]!) + 0.1 * Math.sin(x * 29 + phases[2]!);
      const h = floor * Math.max(0.05, Math.min(0.95, level)) * 0.9;
      const bx = b * barWidth + (barWidth * gap) / 2;
      const bw = barWidth * (1 - gap);
      bodies.push(`<rect x="${fmt(bx)}" y="${fmt(floor - h)}" width="${fmt(bw)}" height="${fmt(h)}" rx="${fmt(bw / 2)}"/>`);
    }
    parts.push(`<g fill="url(#eq)" filter="url(#glow)" opacity="0.6">${bodies.join('')}</g>`);
    parts.push(`<g fill="url(#eq)">${bodies.join('')}</g>`);
    // Reflection under the floor.
    parts.push(`<g fill="url(#eq)" opacity="0.18" transform="translate(0 ${fmt(2 * floor)}) scale(1 -1)">${bodies.join('')}</g>`);
    return parts.join('');
  },
  halftone({ r, palette, width, height }) {
    const cols = r.int(18, 30);
    const cell = width / cols;
    const rows = Math.ceil(height / cell);
    const fx = width * r.range(0.2, 0.8);
    const fy = height * r.range(0.2, 0.8);
    const reach = Math.hypot(width, height) * r.range(0.45, 0.7);
    const parts: string[] = [`<circle cx="${fmt(fx)}" cy="${fmt(fy)}" r="${fmt(reach * 0.3)}" fill="${palette.accents[1]}" opacity="0.6" filter="url(#blur)"/>`];
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const cx = (x + 0.5) * cell;
        const cy = (y + 0.5) * cell;
        const closeness = Math.max(0, 1 - Math.hypot(cx - fx, cy - fy) / reach);
        if (closeness <= 0.02) continue;
        const color = palette.accents[(x + y) % 3 === 0 ? 2 : 0];
        parts.push(`<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(cell * 0.48 * closeness)}" fill="${color}"/>`);
      }
    }
    return parts.join('');
  },
  shards({ r, palette, width, height }) {
    const parts: string[] = [`<circle cx="${fmt(width * 0.5)}" cy="${fmt(height * 0.5)}" r="${fmt(Math.min(width, height) * 0.3)}" fill="${palette.accents[0]}" opacity="0.5" filter="url(#blur)"/>`];
    const count = r.int(9, 16);
    for (let i = 0; i < count; i++) {
      const cx = r.range(0, width);
      const cy = r.range(0, height);
      const size = Math.min(width, height) * r.range(0.12, 0.4);
      const turn = r.range(0, Math.PI * 2);
      const points = [0, 1, 2].map((k) => {
        const a = turn + (k * Math.PI * 2) / 3 + r.range(-0.5, 0.5);
        return `${fmt(cx + Math.cos(a) * size)},${fmt(cy + Math.sin(a) * size)}`;
      });
      parts.push(
        `<polygon points="${points.join(' ')}" fill="${palette.accents[i % palette.accents.length]}" opacity="${fmt(r.range(0.25, 0.7))}" stroke="#fff" stroke-opacity="0.2" stroke-width="${fmt(Math.min(width, height) * 0.002)}"/>`,
      );
    }
    return parts.join('');
  },
};
