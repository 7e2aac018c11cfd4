import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function CreditRefillScreen() {
  return <PlannedScreen screen="creditrefill" line="Buying more credits will be here once payments open." />;
}
