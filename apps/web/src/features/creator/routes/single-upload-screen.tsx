import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function SingleUploadScreen() {
  return <PlannedScreen screen="singleupload" line="Uploading a single sample, with its key, BPM and tags, will be here." />;
}
