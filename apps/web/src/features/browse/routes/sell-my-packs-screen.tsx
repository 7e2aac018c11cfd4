import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function SellMyPacksScreen() {
  return <PlannedScreen screen="sellmypacks" line="How selling and licensing your packs on Crate works, and how to apply, will be explained here." />;
}
