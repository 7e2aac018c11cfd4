import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function PackAnalyticsScreen() {
  return <PlannedScreen screen="packanalytics" line="Plays, downloads and earnings of this pack will be charted here." />;
}
