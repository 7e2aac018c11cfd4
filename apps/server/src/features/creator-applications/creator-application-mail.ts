import type { MailMessage } from '../../mail/mailer.ts';

/** The e-mails an applicant gets: one when the application is sent, one for each decision. */
export function applicationReceivedMail(to: string, artistName: string, link: string): MailMessage {
  return {
    to,
    subject: 'We received your Crate creator application',
    text: [
      `Thanks for applying to sell your sounds on Crate as ${artistName}.`,
      '',
      'An admin listens to every application and its demos. We will e-mail you when it has been reviewed;',
      'you can see its status at any time here:',
      link,
    ].join('\n'),
    link,
  };
}

export function applicationApprovedMail(to: string, artistName: string, link: string): MailMessage {
  return {
    to,
    subject: 'You are now a Crate creator',
    text: [`Your application as ${artistName} was approved. Welcome to Crate!`, '', 'Open your creator dashboard to upload your first pack:', link].join('\n'),
    link,
  };
}

export function applicationNeedsChangesMail(to: string, artistName: string, note: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your Crate creator application needs changes',
    text: [`An admin reviewed your application as ${artistName} and asks for changes:`, '', note, '', 'Update your application here and send it again:', link].join('\n'),
    link,
  };
}

export function applicationDeclinedMail(to: string, artistName: string, reason: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your Crate creator application',
    text: [`Thank you for applying as ${artistName}. We are not able to accept your application at this time.`, '', `Reason: ${reason}`, '', 'You are welcome to apply again with new demos:', link].join('\n'),
    link,
  };
}
