import type { MailMessage } from '../../mail/mailer.ts';

/** What a creator is told when an admin sends their pack back or rejects it (an approval is told by processing's result). */
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
