import { PlannedScreen } from '../../../components/planned-screen.tsx';

export default function GenresScreen() {
  return <PlannedScreen screen="genres" line="Every genre, each with its packs and sounds, will be browsable here once the catalogue opens." />;
}
