import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function MonthlyPayoutScreen() {
  return <PlannedScreen screen="monthlypayout" line="This month's creator earnings and payouts will be reviewed here." />;
}
