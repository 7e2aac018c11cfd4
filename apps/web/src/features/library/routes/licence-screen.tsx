import { Alert, Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { LicenceVerification } from '@crate/contract/commerce';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { VerificationState } from '../../../components/verification-state.tsx';
import { useLicenceVerification } from '../api/verify-licence.ts';
import { formatDate } from '../../../components/long-date.ts';

/**
 * /licence/{number}: anyone — a label, a distributor — checks a Crate licence certificate: the sound and pack
 * it covers, the licence and terms it was issued under, the parties as named at issue (never an e-mail), and
 * whether it still stands.
 */
export default function LicenceScreen() {
  const number = useParams().number ?? '';
  const licence = useLicenceVerification(number);
  return (
    <VerificationState query={licence} title="Licence certificate" what="certificate" size="sm">
      {(data) => <Certificate licence={data} />}
    </VerificationState>
  );
}

function Certificate({ licence }: { licence: LicenceVerification }) {
  const facts: [string, string][] = [
    ['Sound', licence.item.name],
    ['Pack', licence.item.pack_title],
    ['Licensor', licence.licensor_name],
    ['Licensee', licence.holder_name],
    ['Issued', formatDate(licence.issued_at) ?? ''],
    ['Terms version', licence.terms_version],
  ];
  return (
    <Container size="sm" py="xl">
      <ScreenHeader title="Licence certificate" eyebrow="Verification" />
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Group gap="sm">
              <IconCertificate size={28} aria-hidden />
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.1em' }}>
                  Certificate
                </Text>
                <Title order={2} ff="monospace" size="h3">
                  {licence.certificate_number}
                </Title>
              </div>
            </Group>
            <Badge size="lg" variant="light" color="ember">
              {licence.licence_type}
            </Badge>
          </Group>
          {licence.valid ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Valid">
              This certificate was issued by Crate and the licence stands.
            </Alert>
          ) : (
            <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title="No longer valid">
              This certificate was issued by Crate, but the sound is no longer licensed under it.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.08em' }}>
                  {label}
                </Text>
                <Text>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            What the {licence.licence_type} licence allows is explained on{' '}
            <Anchor component={Link} to="/splits">
              how licences work
            </Anchor>
            . Crate never shows a licensee’s e-mail address.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
