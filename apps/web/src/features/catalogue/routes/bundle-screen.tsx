import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function BundleScreen() {
  return <PlannedScreen screen="bundle" line="This bundle's packs and price will be shown here once bundles are published." />;
}
