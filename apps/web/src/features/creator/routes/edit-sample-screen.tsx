import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function EditSampleScreen() {
  return <PlannedScreen screen="editsample" line="Editing this sample's details and tags will be here." />;
}
