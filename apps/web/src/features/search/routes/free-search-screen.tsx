import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function FreeSearchScreen() {
  return <PlannedScreen screen="freesearch" line="Search across the free sounds on Crate will be here." />;
}
