import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function PackUploadInstructionsScreen() {
  return <PlannedScreen screen="packuploadinstructions" line="How to name, tag and arrange the files of a pack before uploading will be explained here." />;
}
