import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function PackUploadScreen() {
  return <PlannedScreen screen="packupload" line="Uploading a sample pack, with its files checked as they arrive, will be here." />;
}
