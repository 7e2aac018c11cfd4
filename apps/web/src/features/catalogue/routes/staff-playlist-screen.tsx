import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function StaffPlaylistScreen() {
  return <PlannedScreen screen="staffplaylist" line="The sounds of this staff playlist will be listed here once playlists are published." />;
}
