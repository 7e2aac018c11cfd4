import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function ItemAnalyticsScreen() {
  return <PlannedScreen screen="itemanalytics" line="Plays, downloads and earnings of this item will be charted here." />;
}
