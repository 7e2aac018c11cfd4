import { Accordion, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenHeader } from '../../../components/screen-header.tsx';

interface Question {
  id: string;
  q: string;
  a: ReactNode;
}

const SECTIONS: { title: string; questions: Question[] }[] = [
  {
    title: 'Credits',
    questions: [
      {
        id: 'what-are-credits',
        q: 'What are credits?',
        a: (
          <>
            Credits are how you get sounds on Crate. Every sound shows its price in credits: most one-shots and loops cost 1, longer compositions a
            little more, and free sounds cost nothing. A plan gives you a fresh set of credits every billing period; refills add more when you run
            short. See the current plans on <Anchor component={Link} to="/pricing">Pricing</Anchor>.
          </>
        ),
      },
      {
        id: 'credits-expire',
        q: 'Do credits expire?',
        a: 'Not while you stay subscribed: unused plan credits and refill credits roll over from month to month for as long as you keep a plan. When your plan ends (you cancelled and the period you paid for is over, or a payment failed and was not put right within 7 days) its unused credits end with it. Credits given to you some other way show their own date on your account. A sound you got with credits stays yours either way.',
      },
      {
        id: 'credits-twice',
        q: 'Will I pay twice if I get the same sound again?',
        a: 'No. Every sound you get is recorded in your library once. Getting it again — from its pack, a bundle or a playlist — does not spend credits a second time.',
      },
    ],
  },
  {
    title: 'Licences',
    questions: [
      {
        id: 'licence-types',
        q: 'Which licences do sounds come with?',
        a: (
          <>
            One of three, shown on every pack and sound: <strong>Royalty-Free</strong> (use it in anything you release, nothing more to pay),{' '}
            <strong>Royalty A</strong> (free on your own releases; on a label release or placement the creator co-writes and shares the publishing)
            and <strong>Dynamic Splits</strong> (the creator’s share follows how much of the track is their sound). The{' '}
            <Anchor component={Link} to="/splits">Dynamic splits page</Anchor> explains all three side by side.
          </>
        ),
      },
      {
        id: 'licence-forever',
        q: 'Does the licence end if I cancel my plan?',
        a: 'No. A sound you got while subscribed stays licensed to you after you cancel, under the licence it had when you got it. Cancelling only stops new credits.',
      },
      {
        id: 'licence-resell',
        q: 'Can I put Crate sounds in my own sample pack or drum kit?',
        a: 'Not as they are. All three licences let you use sounds inside your music, but none lets you resell or share the sounds themselves, alone or in a pack, kit or library.',
      },
    ],
  },
  {
    title: 'Downloads',
    questions: [
      {
        id: 'download-formats',
        q: 'What do I get when I download a sound?',
        a: 'The creator’s original file (usually WAV), plus the stems and MIDI when the pack includes them, and the preset file for presets. What you hear in the player is a lighter MP3 preview of the same sound.',
      },
      {
        id: 'download-when',
        q: 'Can I download today?',
        a: 'Yes. Press Get on a sound (or get a whole pack) and its Owned button downloads the original file; a pack’s page downloads every sound you own in it as one zip, with stems, MIDI and a list of your licences. Your Library keeps a history of everything you downloaded.',
      },
      {
        id: 'download-again',
        q: 'Can I download a sound again later?',
        a: 'Yes. Everything you get stays in your library, and you can download it again at any time without spending credits — even if the creator later takes the pack down.',
      },
    ],
  },
  {
    title: 'Subscriptions',
    questions: [
      {
        id: 'subscription-what',
        q: 'What does a subscription include?',
        a: (
          <>
            Credits every billing period and search across the whole catalogue (free search covers free sounds for everyone). The amounts and prices
            are on <Anchor component={Link} to="/pricing">Pricing</Anchor>, read from the same catalogue checkout will charge.
          </>
        ),
      },
      {
        id: 'subscription-cancel',
        q: 'Can I cancel any time?',
        a: 'Yes, from your account page: you see the date your plan ends before you confirm. Cancelling stops the next renewal; your plan and its credits stay usable until the end of the period you paid for, and everything you got stays yours.',
      },
      {
        id: 'subscription-change',
        q: 'What happens when I change plans?',
        a: 'A plan with more credits a month starts at once with its credits: you pay its price less the unused days of your current plan, and you see that amount and the date before you confirm. A plan with fewer credits starts at your next renewal; nothing is charged until then. Your unused credits roll over either way.',
      },
      {
        id: 'subscription-free',
        q: 'Do I need to pay to listen?',
        a: 'No. Every preview plays for everyone, signed in or not. A free account adds favorites and playlists.',
      },
    ],
  },
  {
    title: 'Selling on Crate',
    questions: [
      {
        id: 'sell-how',
        q: 'How do I sell my sounds?',
        a: (
          <>
            Apply as a creator from <Anchor component={Link} to="/sellmypacks">Sell my packs</Anchor>. Once accepted you upload packs, choose their
            licence, and we review them before they are published.
          </>
        ),
      },
    ],
  },
];

/** Real answers about credits, licences, downloads and subscriptions, with deep links (#question-id). */
export default function FaqScreen() {
  return (
    <Container size="md" py="xl">
      <ScreenHeader title="FAQ" subtitle="Straight answers about credits, licences, downloads and plans." />
      <Stack gap="xl">
        {SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`faq-${section.title}`}>
            <Title order={2} size="h3" mb="sm" id={`faq-${section.title}`}>
              {section.title}
            </Title>
            <Accordion variant="separated" radius="md" multiple chevronPosition="right">
              {section.questions.map((question) => (
                <Accordion.Item key={question.id} value={question.id} id={question.id}>
                  <Accordion.Control>
                    <Text fw={600}>{question.q}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text c="dimmed">{question.a}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
      </Stack>
      <Text mt={48} c="dimmed" size="sm">
        Still stuck? Account trouble is usually solved on <Anchor component={Link} to="/accountrecovery">Account recovery</Anchor> or{' '}
        <Anchor component={Link} to="/resetpassword">Reset password</Anchor>.
      </Text>
    </Container>
  );
}
