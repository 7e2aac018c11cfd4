import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function FaqScreen() {
  return <PlannedScreen screen="faq" line="Answers about credits, licences, downloads and payouts will be written up here." />;
}
