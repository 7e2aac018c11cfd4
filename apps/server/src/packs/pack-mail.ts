import type { MailMessage } from '../mail/mailer.ts';

/** What a creator is told when their pack moves: sent back or rejected by an admin (an approval is told by processing's result), live, or with files to fix. */
export function packSentBackMail(to: string, title: string, notes: string, link: string): MailMessage {
  return {
    to,
    subject: `Your pack needs changes before it can be published: ${title}`,
    text: [`An admin reviewed your pack "${title}" and sent it back to your drafts with these notes:`, '', notes, '', 'Make the changes and submit it again:', link].join('\n'),
    link,
  };
}

export function packRejectedMail(to: string, title: string, reason: string, link: string): MailMessage {
  return {
    to,
    subject: `Your pack was not accepted: ${title}`,
    text: [`An admin reviewed your pack "${title}" and could not accept it for Crate. It has been archived.`, '', `Reason: ${reason}`, '', 'Your packs are on your creator dashboard:', link].join('\n'),
    link,
  };
}

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

/** A pack archived or a sound taken down by an admin: the reason, the admin's note, and that what was got stays with those who got it. */
export function takenDownMail(to: string, takedown: { what: 'pack' | 'sound'; title: string; reason: string; note: string; link: string }): MailMessage {
  const { what, title, reason, note, link } = takedown;
  return {
    to,
    subject: `Your ${what} was taken down: ${title}`,
    text: [
      `An admin took your ${what} "${title}" down: it is no longer on Crate or in search.`,
      '',
      `Reason: ${reason}`,
      ...(note ? ['', note] : []),
      '',
      'Producers who already got it keep it, with their licences. If you think this is a mistake, contact Crate support.',
      link,
    ].join('\n'),
    link,
  };
}
