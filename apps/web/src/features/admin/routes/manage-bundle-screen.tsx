import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ManageBundleScreen() {
  return <PlannedScreen screen="managebundle" line="Creating a bundle and choosing its packs and price will be here." />;
}
