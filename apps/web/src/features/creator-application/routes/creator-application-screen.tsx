import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function CreatorApplicationScreen() {
  return <PlannedScreen screen="creatorapplication" line="The application to sell your sounds on Crate will be here." />;
}
