import { ActionIcon, Button, type MantineSize } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { FavoriteKind } from './favorite-overrides.ts';
import { DeferredTooltip } from '../deferred-tooltip.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { useFavorite } from './use-favorite.ts';

export interface FavoriteButtonProps {
  kind: FavoriteKind;
  id: string;
  /** What the thing is called, for the accessible label ("Add Dusty Kick to favorites", "Favorite: Dusty Kick"). */
  name: string;
  favorited: boolean | null;
  size?: MantineSize;
  /** A labelled button (pack and item pages) instead of an icon (rows). */
  withLabel?: boolean;
}

const PROMPTS: Record<FavoriteKind, string> = {
  item: 'Log in to heart sounds and find them again in your library.',
  pack: 'Log in to heart packs and find them again in your library.',
};

/** The heart of a row or a page. Visitors get a prompt to log in instead. */
export function FavoriteButton({ kind, id, name, favorited: fromServer, size = 'lg', withLabel = false }: FavoriteButtonProps) {
  const { signedIn, favorited, toggle } = useFavorite(kind, id, fromServer);
  const text = favorited ? 'Favorited' : 'Favorite';
  // A labelled button's name starts with its text (what a voice-control user says), then what it hearts.
  const label = withLabel ? `${text}: ${name}` : favorited ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  const icon = favorited ? <IconHeartFilled size={withLabel ? 18 : 16} aria-hidden /> : <IconHeart size={withLabel ? 18 : 16} aria-hidden />;

  const control = withLabel ? (
    <Button
      variant={favorited ? 'light' : 'default'}
      leftSection={icon}
      aria-pressed={signedIn ? favorited : undefined}
      aria-label={label}
      onClick={signedIn ? toggle : undefined}
      data-favorite-button
    >
      {text}
    </Button>
  ) : (
    <ActionIcon
      size={size}
      radius="xl"
      variant="subtle"
      color={favorited ? 'ember' : 'gray'}
      aria-pressed={signedIn ? favorited : undefined}
      aria-label={label}
      onClick={signedIn ? toggle : undefined}
      data-favorite-button
    >
      {icon}
    </ActionIcon>
  );

  if (!signedIn) return <SignInPrompt message={PROMPTS[kind]}>{control}</SignInPrompt>;
  if (withLabel) return control;
  return (
    <DeferredTooltip label={favorited ? 'Remove from favorites' : 'Add to favorites'} openDelay={400} withinPortal>
      {control}
    </DeferredTooltip>
  );
}
