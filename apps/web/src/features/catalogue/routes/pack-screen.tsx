import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function PackScreen() {
  return <PlannedScreen screen="pack" line="This pack's cover, previews, sounds and licence will be shown here once packs are published." />;
}
