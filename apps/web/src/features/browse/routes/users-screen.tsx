import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function UsersScreen() {
  return <PlannedScreen screen="users" line="Public profiles of producers and creators will be browsable here once profiles open." />;
}
