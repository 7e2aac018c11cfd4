import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF shows: each content stream inflated, the hex strings of its TJ operators decoded (pdfkit
 * writes every run of text so, in the built-in fonts' single-byte encoding) and joined run by run.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) runs.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
  }
  return runs.join('\n');
}
