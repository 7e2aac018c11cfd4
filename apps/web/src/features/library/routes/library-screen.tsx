import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function LibraryScreen() {
  return <PlannedScreen screen="library" line="Your owned sounds, downloads, favorites and playlists will be here." />;
}
