import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function CreatorProfileScreen() {
  return <PlannedScreen screen="creator-profile" line="This creator's profile and packs will be shown here once creator profiles open." />;
}
