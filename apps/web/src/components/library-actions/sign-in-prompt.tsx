import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router';
import { withRedirect } from '../../lib/post-auth-path.ts';

/**
 * What a visitor gets from a control that needs an account (heart, add to playlist): a short
 * explanation and the way to log in or sign up, coming back to this page afterwards.
 */
export function SignInPrompt({ children, message }: { children: ReactElement; message: string }) {
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  return (
    <Popover width={260} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <Group gap="xs">
            <Button component={Link} to={withRedirect('/login', here)} size="xs">
              Log in
            </Button>
            <Button component={Link} to={withRedirect('/register', here)} size="xs" variant="default">
              Create an account
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
