import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ManageUserScreen() {
  return <PlannedScreen screen="manageuser" line="This user's roles, credits and account status will be managed here." />;
}
