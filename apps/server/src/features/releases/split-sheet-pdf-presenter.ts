import PDFDocument from 'pdfkit';
import { formatIsrc, PROMINENCE_LABELS, type SplitSheet } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';

const ROLE_LABELS = { producer: 'Producer', creator: 'Sound creator', collaborator: 'Collaborator' } as const;
const day = (at: string) => at.slice(0, 10);

/**
 * An agreed split sheet as a PDF (pdfkit, as licence certificates): its number, the track, every writer's share (adding
 * up to 100 %), the sounds with their licence certificates, when each writer accepted, and where anyone can verify it.
 * Names only, never an e-mail. A stream: pipe it to the reply.
 */
export function renderSplitSheetPdf(sheet: SplitSheet, verifyUrl: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Crate split sheet ${sheet.number}`, Author: 'Crate' } });
  doc.fontSize(10).fillColor('#777777').text('CRATE', { characterSpacing: 2 });
  doc.moveDown(0.5).fontSize(24).fillColor('#111111').text('Split sheet');
  doc.moveDown(0.2).fontSize(14).fillColor('#c2410c').text(sheet.number);
  doc.moveDown(1);
  const fact = (label: string, value: string) => {
    doc.fontSize(9).fillColor('#777777').text(label.toUpperCase(), { characterSpacing: 1 });
    doc.fontSize(12).fillColor('#111111').text(value).moveDown(0.5);
  };
  fact('Track', sheet.title);
  fact('Artists', sheet.artists.join(', '));
  fact('Release date', sheet.release_date);
  fact('Label', sheet.label ?? 'Self-released');
  fact('ISRC', formatIsrc(sheet.isrc));
  if (sheet.upc) fact('UPC / EAN', sheet.upc);
  fact('Agreed', day(sheet.agreed_at));

  const heading = (text: string) => doc.moveDown(0.8).fontSize(13).fillColor('#111111').text(text).moveDown(0.3);
  heading('Writers and publishing shares');
  for (const writer of sheet.writers) {
    const who = writer.for_creator ? `${writer.name} (${ROLE_LABELS[writer.role]}, ${writer.for_creator})` : `${writer.name} (${ROLE_LABELS[writer.role]})`;
    doc.fontSize(11).fillColor('#111111').text(`${bpsAsPercent(writer.bps)}   ${who}`);
  }
  doc.fontSize(11).fillColor('#333333').text(`Total: ${bpsAsPercent(sheet.writers.reduce((sum, w) => sum + w.bps, 0))}`);

  heading('Sounds used');
  for (const sound of sheet.sounds) {
    const use = sound.prominence ? `, ${PROMINENCE_LABELS[sound.prominence].toLowerCase()}` : '';
    doc.fontSize(11).fillColor('#111111').text(`${sound.item_name} (${sound.pack_title}, by ${sound.creator_name})`);
    doc.fontSize(9).fillColor('#555555').text(`${sound.licence_type}${use} · licence certificate ${sound.certificate_number}`).moveDown(0.2);
  }

  heading('Acceptance');
  for (const writer of sheet.writers) doc.fontSize(10).fillColor('#333333').text(`${writer.name} accepted on ${day(writer.accepted_at)}`);

  doc.moveDown(1.2).fontSize(10).fillColor('#333333').text('Verify this split sheet at', { continued: true }).fillColor('#c2410c').text(` ${verifyUrl}`, { link: verifyUrl });
  doc.end();
  return doc;
}
