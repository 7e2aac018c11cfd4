import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function StaffPicksScreen() {
  return <PlannedScreen screen="staffpicks" line="Packs picked by the Crate staff will be listed here once the catalogue opens." />;
}
