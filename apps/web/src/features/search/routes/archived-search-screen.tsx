import { WEB_ROUTES } from '@crate/contract/web-routes';
import { ArchivedResultsTable } from '../components/archived-results-table.tsx';
import { SearchExperience } from '../components/search-experience.tsx';

const TITLE = WEB_ROUTES.find((route) => route.screen === 'archivedsearch')?.title ?? 'Archived search';

/**
 * /archivedsearch (admins; the route guard and the API both enforce it): sounds of archived packs and
 * taken-down sounds, with the reasons, searchable and filterable like the catalogue, and restorable.
 */
export default function ArchivedSearchScreen() {
  return (
    <SearchExperience
      corpus="archived"
      title={TITLE}
      subtitle="Sounds of archived packs and sounds taken down, with the reason. Restore what should be back."
      searchLabel="Search the archive"
      corpusDescription="Archived and taken-down sounds on Crate"
      placeholder="Search archived and taken-down sounds"
      showFree
      showNotOwned={false}
      showSimilar={false}
      renderResults={(view) => <ArchivedResultsTable {...view} />}
      emptyCatalogue="Nothing is archived or taken down."
    />
  );
}
