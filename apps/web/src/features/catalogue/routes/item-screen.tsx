import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ItemScreen() {
  return <PlannedScreen screen="item" line="This sample or preset, with its preview, key, BPM and licence, will be shown here." />;
}
