import { bpsAsPercent } from '@crate/contract/splits';
import type { MailMessage } from '../../mail/mailer.ts';

/** The e-mails of an agreement (decision 0064): each names the track and links where to act, never anyone's e-mail. */
interface ReleaseMailFacts {
  to: string;
  title: string;
  producerName: string;
  link: string;
}

export function releaseRequestMail(facts: ReleaseMailFacts & { bps: number; reminder: boolean }): MailMessage {
  return {
    to: facts.to,
    subject: facts.reminder ? `Reminder: ${facts.producerName} is waiting for your answer on “${facts.title}”` : `${facts.producerName} released “${facts.title}” with your sound`,
    text: [
      `${facts.producerName} registered the release “${facts.title}”, which uses a sound you wrote, and proposes you a publishing share of ${bpsAsPercent(facts.bps)}.`,
      '',
      'Accept it, or counter-propose another share with a note, on your creator dashboard:',
      facts.link,
    ].join('\n'),
    link: facts.link,
  };
}

export function releaseCounterMail(facts: ReleaseMailFacts & { partyName: string; bps: number; note: string }): MailMessage {
  return {
    to: facts.to,
    subject: `${facts.partyName} counter-proposed their share of “${facts.title}”`,
    text: [`${facts.partyName} asks for ${bpsAsPercent(facts.bps)} of “${facts.title}”:`, '', facts.note, '', 'Accept the counter-proposal, or withdraw the release, in your library:', facts.link].join('\n'),
    link: facts.link,
  };
}

export function releaseCounterAcceptedMail(facts: ReleaseMailFacts & { bps: number }): MailMessage {
  return {
    to: facts.to,
    subject: `${facts.producerName} accepted your share of “${facts.title}”`,
    text: [`${facts.producerName} accepted your counter-proposal: your share of “${facts.title}” is ${bpsAsPercent(facts.bps)}.`, '', 'The release is agreed once every writer has accepted:', facts.link].join('\n'),
    link: facts.link,
  };
}

export function releaseWithdrawnMail(facts: ReleaseMailFacts): MailMessage {
  return {
    to: facts.to,
    subject: `“${facts.title}” was withdrawn`,
    text: [`${facts.producerName} withdrew the release “${facts.title}”: there is nothing more to answer.`, '', facts.link].join('\n'),
    link: facts.link,
  };
}

export function releaseAgreedMail(facts: ReleaseMailFacts & { number: string }): MailMessage {
  return {
    to: facts.to,
    subject: `The split of “${facts.title}” is agreed: split sheet ${facts.number}`,
    text: [
      `Every writer accepted the split of “${facts.title}”. Its split sheet is ${facts.number}; download it as a PDF from Crate, and register it with your collecting society.`,
      '',
      'Anyone can verify it here:',
      facts.link,
    ].join('\n'),
    link: facts.link,
  };
}
