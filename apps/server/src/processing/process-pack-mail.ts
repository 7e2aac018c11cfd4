import type { MailMessage } from '../mail/mailer.ts';

/** What the creator hears when processing ends: their pack is live, or which files to fix. */
export function packPublishedMail(to: string, title: string, link: string): MailMessage {
  return {
    to,
    subject: `Your pack is live on Crate: ${title}`,
    text: [`Your pack "${title}" passed processing and is now published: it is on your creator page and in search.`, '', link].join('\n'),
    link,
  };
}

export function packFileErrorsMail(to: string, title: string, problemCount: number, link: string): MailMessage {
  const files = problemCount === 1 ? '1 file' : `${problemCount} files`;
  return {
    to,
    subject: `Your pack has file problems: ${title}`,
    text: [
      `Processing found problems with ${files} of your pack "${title}", so it was not published.`,
      '',
      'Your creator dashboard lists each file with what is wrong (missing, empty, a duplicate, or not audio we can decode).',
      'Replace those files and submit the pack again:',
      link,
    ].join('\n'),
    link,
  };
}
