import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ArchivedSearchScreen() {
  return <PlannedScreen screen="archivedsearch" line="Search across archived packs and taken-down items will be here." />;
}
