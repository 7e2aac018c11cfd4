import { Anchor, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { CrateLogo } from '../../components/crate-logo.tsx';
import { consentStore } from '../../consent/cookie-consent.ts';
import classes from './main-layout.module.css';
import { FOOTER_COLUMNS } from './nav-links.ts';

export function AppFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={48}>
        {/* Two columns, four from sm up (a CSS grid: SimpleGrid's responsive machinery is not worth its weight on every page). */}
        <div className={classes.footerGrid}>
          <Stack gap="sm">
            <CrateLogo size={24} />
            <Text size="sm" c="dimmed" maw={240}>
              Sample packs, samples, presets and bundles, licensed clearly.
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={8}>
              <Text size="xs" tt="uppercase" fw={700} c="dark.2" style={{ letterSpacing: '0.1em' }}>
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} className={classes.footerLink}>
                  {link.label}
                </Anchor>
              ))}
              {column.title === 'Help' ? (
                <UnstyledButton className={classes.footerLink} onClick={() => consentStore.clear()} ta="left">
                  Cookie preferences
                </UnstyledButton>
              ) : null}
            </Stack>
          ))}
        </div>
        <Group justify="space-between" mt={40}>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Crate
          </Text>
          <Text size="xs" c="dimmed">
            Made for producers.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
