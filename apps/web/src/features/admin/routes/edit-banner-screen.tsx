import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function EditBannerScreen() {
  return <PlannedScreen screen="editbanner" line="Creating a banner, with its images and corner position, will be here." />;
}
