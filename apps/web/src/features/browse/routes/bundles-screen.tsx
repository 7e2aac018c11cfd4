import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function BundlesScreen() {
  return <PlannedScreen screen="bundles" line="Bundles of packs at one price will be listed here once the catalogue opens." />;
}
