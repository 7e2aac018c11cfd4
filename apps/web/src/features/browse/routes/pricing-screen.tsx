import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function PricingScreen() {
  return <PlannedScreen screen="pricing" line="Subscription plans and credit prices will be shown here once payments open." />;
}
