import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function SplitsScreen() {
  return <PlannedScreen screen="splits" line="How Royalty-Free, Royalty A and Dynamic Splits licences share earnings will be explained here." />;
}
