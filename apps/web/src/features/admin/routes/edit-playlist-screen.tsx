import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function EditPlaylistScreen() {
  return <PlannedScreen screen="editplaylist" line="Creating and ordering a staff playlist will be here." />;
}
