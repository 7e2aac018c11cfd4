import { WEB_ROUTES } from '@crate/contract/web-routes';
import { SearchExperience } from '../components/search-experience.tsx';

const TITLE = WEB_ROUTES.find((route) => route.screen === 'freesearch')?.title ?? 'Free search';

/** /freesearch: the same search, for everyone, over the sounds marked free. */
export default function FreeSearchScreen() {
  return (
    <SearchExperience
      corpus="free"
      title={TITLE}
      subtitle="Every free sample and preset on Crate, for everyone. Search, filter and play."
      searchLabel="Search free sounds"
      corpusDescription="Free samples and presets on Crate"
      placeholder="Search free sounds"
      showFree={false}
      showNotOwned
      showSimilar
      emptyCatalogue="No free sounds are listed yet."
    />
  );
}
