import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function CreatorsScreen() {
  return <PlannedScreen screen="creators" line="The creators selling on Crate will be listed here once creator profiles open." />;
}
