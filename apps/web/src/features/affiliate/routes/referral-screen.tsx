import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { safeRedirectPath } from '@crate/contract/redirect-path';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { captureReferral } from '../../../tracking/referral-click.ts';

/**
 * /r/{code}: an affiliate's link. The click is counted and its token kept (decision 0059), then the visitor lands on
 * `/` or the same-origin path in `?to=`. A code that is not in use says so and offers the way on.
 */
export default function ReferralScreen() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = safeRedirectPath(params.get('to'), '/');
  const [refused, setRefused] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void captureReferral(code).then((captured) => {
      if (captured) void navigate(to, { replace: true });
      else setRefused(true);
    });
  }, [code, to, navigate]);

  if (!refused) return <CenteredLoader label="Taking you to Crate…" />;
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Welcome to Crate" />
      <Paper withBorder p="xl" bg="dark.7" maw={640}>
        <Stack gap="md" align="flex-start">
          <Title order={2}>This referral link is not in use</Title>
          <Text c="dimmed">It may be mistyped or retired. You can still look around Crate.</Text>
          <Button component={Link} to={to}>
            Continue to Crate
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
