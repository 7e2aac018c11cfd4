import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ReviewCreatorScreen() {
  return <PlannedScreen screen="reviewcreator" line="Reviewing this creator application, and approving or declining it, will be here." />;
}
