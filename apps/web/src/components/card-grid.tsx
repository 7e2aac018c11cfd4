import type { ReactNode } from 'react';
import classes from './card-grid.module.css';

/**
 * Responsive grid for cards (packs, bundles, creators, playlists): as many columns of at least
 * `min` pixels as fit. `shelf` makes it one horizontally scrolling row (Discover's sections).
 */
export function CardGrid({ children, min = 180, shelf = false, label }: { children: ReactNode; min?: number; shelf?: boolean; label?: string }) {
  return (
    <div role="list" aria-label={label} className={shelf ? classes.shelf : classes.grid} style={{ '--card-min': `${min}px` } as React.CSSProperties}>
      {children}
    </div>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return (
    <div role="listitem" className={classes.item}>
      {children}
    </div>
  );
}
