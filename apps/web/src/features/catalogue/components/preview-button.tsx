import { Button } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { PlayerItem } from '../../../player/player-queue.ts';
import { usePlayerRow } from '../../../player/use-player-row.ts';

/** A big labelled play button ("Play pack preview", "Play"): the same player as every row. */
export function PreviewButton({ item, list, label, pauseLabel = 'Pause' }: { item: PlayerItem; list?: readonly PlayerItem[]; label: string; pauseLabel?: string }) {
  const { isPlaying, isLoading, hasPreview, toggle, prepare } = usePlayerRow(item, list);
  return (
    <Button
      size="md"
      radius="xl"
      leftSection={isPlaying ? <IconPlayerPauseFilled size={18} aria-hidden /> : <IconPlayerPlayFilled size={18} aria-hidden />}
      onClick={toggle}
      onPointerEnter={prepare}
      onFocus={prepare}
      disabled={!hasPreview}
      loading={false}
      data-loading={isLoading || undefined}
      data-player-button
      data-player-item={item.id}
      title={hasPreview ? undefined : 'The preview is still being made'}
    >
      {isPlaying ? pauseLabel : label}
    </Button>
  );
}
