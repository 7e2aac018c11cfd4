import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function EditPresetScreen() {
  return <PlannedScreen screen="editpreset" line="Editing this preset's details, plugin and tags will be here." />;
}
