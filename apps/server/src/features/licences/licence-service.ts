import PDFDocument from 'pdfkit';
import type { LicenceCertificate, LicenceVerification } from '@crate/contract/commerce';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asLicence } from '../../policies/licence-policy.ts';
import { findLicence } from './licence-repository.ts';

const LICENCE_SUMMARIES: Record<LicenceCertificate['licence_type'], string> = {
  'Royalty-Free': 'Use the sound in your own music and productions, commercially or not, without further payment. Reselling or sharing the sound itself, alone or in a sample pack, is not allowed.',
  'Royalty A': 'Use the sound in your own productions; a released work that uses it owes the creator the royalty share set out in the terms.',
  'Dynamic Splits': 'Use the sound in your own productions; a released work that uses it shares its royalties with the creator as the terms set out (dynamic splits).',
};

/** A licence as its columns read it (the certificate page, the PDF and a pack's zip all present it alike). */
export interface LicenceRowFacts {
  certificateNumber: string;
  licenceType: LicenceCertificate['licence_type'];
  termsVersion: string;
  issuedAt: Date;
  holderName: string;
  licensorName: string;
  itemName: string;
  itemSlug: string;
  packTitle: string;
}

export function presentCertificate(row: LicenceRowFacts): LicenceCertificate {
  return {
    certificate_number: row.certificateNumber,
    licence_type: row.licenceType,
    terms_version: row.termsVersion,
    issued_at: row.issuedAt.toISOString(),
    holder_name: row.holderName,
    licensor_name: row.licensorName,
    item: { name: row.itemName, slug: row.itemSlug, pack_title: row.packTitle },
  };
}

/**
 * A licence certificate as a one-page PDF (pdfkit, its built-in Helvetica): the number, the sound and pack,
 * the licence type and terms version it was issued under, the parties as named at issue (never an e-mail),
 * the date, and where anyone can verify it. A stream: pipe it to a reply or into a zip.
 */
export function renderLicencePdf(certificate: LicenceCertificate, verifyUrl: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Crate licence certificate ${certificate.certificate_number}`, Author: 'Crate' } });
  const issued = new Date(certificate.issued_at).toISOString().slice(0, 10);
  doc.fontSize(10).fillColor('#777777').text('CRATE', { characterSpacing: 2 });
  doc.moveDown(0.5).fontSize(24).fillColor('#111111').text('Licence certificate');
  doc.moveDown(0.2).fontSize(14).fillColor('#c2410c').text(certificate.certificate_number);
  doc.moveDown(1.5);
  const row = (label: string, value: string) => {
    doc.fontSize(9).fillColor('#777777').text(label.toUpperCase(), { characterSpacing: 1 });
    doc.fontSize(12).fillColor('#111111').text(value).moveDown(0.8);
  };
  row('Sound', certificate.item.name);
  row('Pack', certificate.item.pack_title);
  row('Licence', `${certificate.licence_type} (terms version ${certificate.terms_version})`);
  row('Licensor', certificate.licensor_name);
  row('Licensee', certificate.holder_name);
  row('Issued', issued);
  doc.moveDown(0.5).fontSize(10).fillColor('#333333').text(LICENCE_SUMMARIES[certificate.licence_type], { width: 480 });
  doc.moveDown(1.5).fontSize(10).fillColor('#333333').text('Verify this certificate at', { continued: true }).fillColor('#c2410c').text(` ${verifyUrl}`, { link: verifyUrl });
  doc.end();
  return doc;
}

/** A certificate as anyone may verify it by its number: what it covers and whether it stands, never whose it is. */
export async function verifyLicence(db: DbOrTx, certificateNumber: string): Promise<LicenceVerification> {
  const row = await findLicence(db, certificateNumber);
  if (!row) throw notFound('That certificate');
  return { ...presentCertificate(row), valid: row.valid };
}

/** A certificate its holder downloads: anyone may verify one, only its holder gets it. */
export async function findHoldersLicence(db: DbOrTx, viewer: Viewer, certificateNumber: string) {
  return authorize(viewer, 'read', await findLicence(db, certificateNumber), asLicence, 'That certificate');
}
