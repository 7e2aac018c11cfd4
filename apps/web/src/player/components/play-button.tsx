import { ActionIcon, type MantineSize } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { PlayerItem } from '../player-queue.ts';
import { usePlayerRow } from '../use-player-row.ts';
import classes from './play-button.module.css';

export interface PlayButtonProps {
  item: PlayerItem;
  /** The list this row belongs to, in display order: ↑/↓ walk it once this row plays. Omit for a lone item. */
  list?: readonly PlayerItem[];
  size?: MantineSize;
  className?: string;
}

const ICON_SIZES: Record<string, number> = { xs: 12, sm: 14, md: 16, lg: 18, xl: 22 };

/**
 * Inline play for any list row, in one line: `<PlayButton item={item} list={items} />`. Shows what
 * plays (filled while playing, tinted while paused), a ring while the first bytes arrive, and says
 * "Play <name>" / "Pause <name>" to assistive tech. Disabled when the item has no preview. Safe
 * inside a link or a clickable card: the click plays and goes no further.
 */
export function PlayButton({ item, list, size = 'lg', className }: PlayButtonProps) {
  const { isCurrent, isPlaying, isLoading, hasPreview, toggle, prepare } = usePlayerRow(item, list);
  const label = `${isPlaying ? 'Pause' : 'Play'} ${item.name}`;
  const iconSize = ICON_SIZES[size] ?? 16;
  return (
    <ActionIcon
      size={size}
      radius="xl"
      variant={isPlaying ? 'filled' : isCurrent ? 'light' : 'default'}
      aria-label={label}
      title={hasPreview ? undefined : 'No preview available'}
      disabled={!hasPreview}
      onClick={(event) => {
        // Inside a clickable card or a link, playing must not also open what it sits in.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      onPointerEnter={prepare}
      onFocus={prepare}
      className={[classes.button, className].filter(Boolean).join(' ')}
      data-player-button
      data-player-item={item.id}
      data-current={isCurrent || undefined}
      data-loading={isLoading || undefined}
    >
      {isPlaying ? <IconPlayerPauseFilled size={iconSize} aria-hidden /> : <IconPlayerPlayFilled size={iconSize} aria-hidden />}
    </ActionIcon>
  );
}
