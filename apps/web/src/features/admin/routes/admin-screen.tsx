import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function AdminScreen() {
  return <PlannedScreen screen="admin" line="Links to every admin tool, with what needs attention, will be here." />;
}
