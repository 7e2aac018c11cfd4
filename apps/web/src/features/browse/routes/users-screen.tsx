import { Alert, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { CreatorDirectory } from '../components/creator-directory.tsx';

/**
 * The browse-users screen (docs/product-overview.md §2; the path /users is ours). Producers' accounts are private on
 * Crate — what someone plays, hearts and downloads is theirs — so the people there are to browse
 * are the ones who publish: creators. The page says so instead of inventing profiles.
 */
export default function UsersScreen() {
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Browse users" subtitle="The people behind the sounds on Crate." />
      <Alert variant="light" color="gray" icon={<IconLock size={18} />} mb="xl" maw={760}>
        Producers&apos; accounts are private: what you play, heart, collect and download is yours alone, so there is no public list of
        listeners. The people you can browse are the creators who publish here — every one below has at least one pack out.
      </Alert>
      <CreatorDirectory firstSkeletons={6} />
    </Container>
  );
}
