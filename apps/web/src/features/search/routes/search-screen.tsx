import { Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { WEB_ROUTES } from '@crate/contract/web-routes';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfileState } from '../../../profile/profile-state.ts';
import { SearchExperience } from '../components/search-experience.tsx';
import { UpgradePrompt } from '../components/upgrade-prompt.tsx';

const TITLE = WEB_ROUTES.find((route) => route.screen === 'search')?.title ?? 'Search';

/**
 * /search: every listed sound, for accounts with search (subscribers, admins). Everyone else is told
 * what search is and how to get it, and nothing is asked of the API (it would refuse them).
 */
export default function SearchScreen() {
  const { profile, status } = useProfileState();
  const { pathname, search } = useLocation();

  if (!profile.can_search) {
    // Only what this browser remembered so far: a subscriber on a new device is not told to subscribe.
    if (status === 'stored') return <CenteredLoader label="Checking your account…" />;
    return <Upgrade signedIn={isSignedIn(profile)} returnTo={pathname + search} />;
  }

  return (
    <SearchExperience
      corpus="paid"
      title={TITLE}
      subtitle="Every sample and preset on Crate. Type, filter, and play as you go."
      searchLabel="Search sounds"
      corpusDescription="Samples and presets on Crate"
      placeholder="Search sounds, tags, packs, creators"
      showFree
      showNotOwned
      showSimilar
      forbidden={<Upgrade signedIn={isSignedIn(profile)} returnTo={pathname + search} />}
      emptyCatalogue="No sounds are listed yet."
    />
  );
}

function Upgrade({ signedIn, returnTo }: { signedIn: boolean; returnTo: string }) {
  return (
    <Container size="xl" py="xl">
      <ScreenHeader title={TITLE} subtitle="Find the right sound in seconds." />
      <UpgradePrompt signedIn={signedIn} returnTo={returnTo} />
    </Container>
  );
}
