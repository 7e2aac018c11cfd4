import { Skeleton } from '@mantine/core';
import { memo, useEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ItemRow } from '@crate/contract/catalogue';
import { ItemWaveform } from '../../player/components/item-waveform.tsx';
import { PlayButton } from '../../player/components/play-button.tsx';
import { usePlayerRow } from '../../player/use-player-row.ts';
import { CoverImage } from '../cover-image.tsx';
import { EmptyState } from '../empty-state.tsx';
import { EndOfList } from '../end-of-list.tsx';
import { AddToPlaylistMenu } from '../library-actions/add-to-playlist-menu.tsx';
import { FavoriteButton } from '../library-actions/favorite-button.tsx';
import { GetItemButton } from '../library-actions/get-button.tsx';
import { itemBpm, itemChips, itemDuration, itemKindLabel, itemSummary } from './item-attributes.ts';
import classes from './item-list.module.css';

export interface ItemListProps {
  items: ItemRow[];
  /**
   * More rows exist: called when the end of the list scrolls into view (and by the "Load more"
   * button). Pass it only while there is a next page.
   */
  onEndReached?(): void;
  /** The first page or the next page is on its way: skeleton rows show where rows will appear. */
  loading?: boolean;
  /** Shown when there are no items and nothing is loading. */
  emptyState?: ReactNode;
  /** Accessible name of the list ("Sounds in Dusty Drums"). */
  label?: string;
  /** Hide the pack link when every row is from the same pack (the pack page). */
  hidePack?: boolean;
  /**
   * Extra controls at the end of each row (e.g. move up/down and remove in a playlist). Rows are
   * memoised: pass a stable function (useCallback), or every row re-renders with the list.
   */
  rowActions?(item: ItemRow, index: number): ReactNode;
  /**
   * How wide the rowActions controls are, in px (the action column is fixed so rows line up): one
   * icon button is 36. Default: room for three icon buttons.
   */
  rowActionsWidth?: number;
}

const SKELETON_ROWS = 8;
const ROW_ACTIONS_WIDTH = 108;

/**
 * The list of sounds every screen shares (pack, staff playlist, favorites, playlists, search):
 * inline play, what is playing, the attributes a producer scans (kind, key, BPM, meter, length),
 * instrument chips, a heart and "add to playlist". ↑/↓ walk this list once one of its rows plays;
 * clicking a row's empty space plays it too.
 */
export function ItemList({ items, onEndReached, loading = false, emptyState, label, hidePack = false, rowActions, rowActionsWidth = ROW_ACTIONS_WIDTH }: ItemListProps) {
  if (items.length === 0 && !loading) {
    return <>{emptyState ?? <EmptyState title="No sounds here yet" />}</>;
  }
  const style = rowActions ? ({ '--item-extra-actions-width': `${rowActionsWidth}px` } as CSSProperties) : undefined;
  return (
    <div className={classes.wrapper} style={style}>
      <div className={classes.header} aria-hidden>
        <span />
        <span className={classes.coverCell} />
        <span>Sound</span>
        <span className={classes.waveCell} />
        <span className={classes.wide}>Kind</span>
        <span className={classes.wide}>Key</span>
        <span className={classes.wide}>BPM</span>
        <span className={classes.wide}>Meter</span>
        <span className={classes.wide}>Time</span>
        <span />
      </div>
      <ul className={classes.list} aria-label={label} aria-busy={loading || undefined}>
        {items.map((item, index) => (
          <ItemListRow key={item.id} item={item} index={index} list={items} hidePack={hidePack} actions={rowActions} />
        ))}
      </ul>
      {loading ? <ItemListSkeleton rows={items.length === 0 ? SKELETON_ROWS : 3} /> : null}
      {onEndReached && !loading ? <EndOfList onEndReached={onEndReached} label="Load more sounds" /> : null}
    </div>
  );
}

interface RowProps {
  item: ItemRow;
  index: number;
  list: ItemRow[];
  hidePack: boolean;
  actions: ItemListProps['rowActions'];
}

const INTERACTIVE = 'a, button, input, [role="menuitem"], [role="button"], [data-no-row-play]';

const ItemListRow = memo(function ItemListRow({ item, index, list, hidePack, actions }: RowProps) {
  const { isCurrent, isPlaying, hasPreview, toggle, prepare, rowRef } = usePlayerRow(item, list);
  const chips = itemChips(item);
  const bpm = itemBpm(item);
  const duration = itemDuration(item);
  const byline = !hidePack && item.pack ? `${item.pack.title} · ${item.creator.name}` : item.creator.name;

  // A click on the row's empty space plays it: auditioning should not need aiming at a small button.
  const onRowClick = (event: MouseEvent<HTMLLIElement>) => {
    if (!hasPreview || (event.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // selecting text, not asking to play
    toggle();
  };

  return (
    <li
      ref={rowRef}
      className={classes.row}
      data-item-id={item.id}
      data-current={isCurrent || undefined}
      data-playing={isPlaying || undefined}
      data-playable={hasPreview || undefined}
      onClick={onRowClick}
      onPointerEnter={prepare}
    >
      <PlayButton item={item} list={list} size="lg" />
      <CoverImage cover={item.pack?.cover ?? null} alt="" size={44} radius="sm" className={`${classes.cover} ${classes.coverCell}`} />
      <div className={classes.title}>
        {/* The name wraps to a second line rather than lose its end; the title carries it past that. */}
        <Link to={`/item/${item.slug}`} className={`${classes.name} mantine-focus-auto`} title={item.name}>
          {item.name}
        </Link>
        <div className={classes.sub}>
          <div className={`${classes.meta} ${classes.byline}`} title={byline}>
            {!hidePack && item.pack ? (
              <>
                <Link to={`/pack/${item.pack.id}`} className={`${classes.metaLink} mantine-focus-auto`}>
                  {item.pack.title}
                </Link>
                {' · '}
              </>
            ) : null}
            <Link to={`/creator/${item.creator.id}`} className={`${classes.metaLink} mantine-focus-auto`}>
              {item.creator.name}
            </Link>
          </div>
          {chips.length > 0 || item.is_free ? (
            <div className={classes.chips}>
              {chips.map((chip) => (
                <span key={chip} className={classes.chip}>
                  {chip}
                </span>
              ))}
              {item.is_free ? <span className={`${classes.chip} ${classes.freeChip}`}>Free</span> : null}
            </div>
          ) : null}
        </div>
        <div className={`${classes.meta} ${classes.summary}`}>{itemSummary(item)}</div>
      </div>
      <RowWaveform item={item} list={list} />
      <Attribute label="Kind" value={itemKindLabel(item)} />
      <Attribute label="Key" value={item.key} />
      <Attribute label="BPM" value={bpm} />
      <Attribute label="Time signature" value={item.time_signature ? `${item.time_signature}${item.feel === 'swing' ? ' sw' : ''}` : null} title={item.feel === 'swing' ? `${item.time_signature}, swing feel` : undefined} />
      <Attribute label="Duration" value={duration} />
      <div className={classes.actions}>
        <FavoriteButton kind="item" id={item.id} name={item.name} favorited={item.favorited} size="lg" />
        <AddToPlaylistMenu item={item} size="lg" />
        <GetItemButton item={item} />
        {actions?.(item, index)}
      </div>
    </li>
  );
});

/**
 * The sound's waveform, in its own column on lists wide enough for it. Its peaks are fetched only once the
 * cell is on screen: a hidden column (a narrower list) or rows far below never ask for theirs.
 */
function RowWaveform({ item, list }: { item: ItemRow; list: ItemRow[] }) {
  const cell = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = cell.current;
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), { rootMargin: '0px 0px 400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return (
    <div ref={cell} className={classes.waveCell}>
      {seen ? <ItemWaveform item={item} list={list} height={32} inRow /> : null}
    </div>
  );
}

/** A column on wide lists (the summary line says it on narrow ones); the title shows a value its column cuts. */
function Attribute({ label, value, title }: { label: string; value: string | null; title?: string }) {
  return (
    <span className={`${classes.attribute} ${classes.wide}`} title={title ?? value ?? undefined}>
      <span className={classes.srOnly}>{label}: </span>
      {value ?? <span aria-label="not set">–</span>}
    </span>
  );
}

/** Placeholder rows in the list's own grid while sounds load, so nothing jumps when they arrive. */
export function ItemListSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <div className={classes.list} aria-hidden data-testid="item-list-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={`${classes.row} ${classes.skeletonRow}`}>
          <Skeleton circle height={34} />
          <Skeleton height={44} width={44} radius="sm" className={`${classes.cover} ${classes.coverCell}`} />
          <div className={classes.title}>
            <Skeleton height={12} width={`${60 - (index % 3) * 12}%`} mb={8} />
            <Skeleton height={10} width="40%" />
          </div>
          <span className={classes.waveCell} />
          {[0, 1, 2, 3, 4].map((cell) => (
            <Skeleton key={cell} height={10} width="60%" className={classes.wide} />
          ))}
          <span />
        </div>
      ))}
    </div>
  );
}
