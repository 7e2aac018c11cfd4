import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { initialsOf } from './account-links.ts';

/**
 * The header's account button: avatar, name, chevron. The account menu's target, and what stands in
 * its place while the menu's code (floating-ui) is still loading, so the header never shifts.
 */
export function AccountButton({ name, ...others }: { name: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton aria-label={`Account menu for ${name}`} {...others}>
      <Group gap={8} wrap="nowrap">
        {/* The initials are drawn by CSS: a picture of the name, so the button's visible text is the name alone (WCAG 2.5.3). */}
        <Avatar color="ember" radius="xl" size={34} aria-hidden>
          <span data-shown={initialsOf(name)} />
        </Avatar>
        {/* Beside the main links only once there is room for both (the avatar and the menu say who it is). */}
        <Text size="sm" fw={600} maw={140} truncate visibleFrom="lg">
          {name}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
