import { Box, Center, Container } from '@mantine/core';
import { CrateLogo } from '../../components/crate-logo.tsx';
import { RouteOutlet } from './route-outlet.tsx';

/** No navigation, no footer: account recovery and pack upload instructions (docs/product-overview.md §2 blank layout). */
export function BlankLayout() {
  return (
    <Box mih="100vh" py={40}>
      <Container size="md">
        {/* The logo in the page's banner landmark: nothing on the page sits outside a landmark. */}
        <Center component="header" mb={32}>
          <CrateLogo size={32} />
        </Center>
        <main id="main-content">
          <RouteOutlet />
        </main>
      </Container>
    </Box>
  );
}
