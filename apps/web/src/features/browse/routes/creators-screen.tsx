import { Container } from '@mantine/core';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { CreatorDirectory } from '../components/creator-directory.tsx';

/** The directory of creators with published packs, by name. */
export default function CreatorsScreen() {
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Creators" eyebrow="Who makes the sounds" subtitle="Producers, sound designers and labels selling on Crate. Open one to hear all their packs." />
      <CreatorDirectory firstSkeletons={9} />
    </Container>
  );
}
