import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function SearchScreen() {
  return <PlannedScreen screen="search" line="Search across every pack, sample and preset, with filters for key, BPM and genre, will be here." />;
}
