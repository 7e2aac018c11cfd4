import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function CreatorDashboardScreen() {
  return <PlannedScreen screen="creator-dashboard" line="Your packs, their status and how they are doing will be shown here." />;
}
