/**
 * A row of count tiles (trips by status, users by role). With `onSelect`
 * each tile is a toggle button that filters the list below (aria-pressed);
 * without, plain figures.
 */
export interface Tile {
  key: string;
  label: string;
  count: number | null;
  /** Colour family: "pending", "accepted", "completed", "canceled", "no-show", or "neutral". */
  tone: string;
}

export function StatTiles(
  { tiles, label, selected, onSelect, compact = false }: {
    tiles: Tile[];
    /** Three to a row on a phone instead of two (for five tiles). */
    compact?: boolean;
    /** Names the group for assistive technology, e.g. "Trips by status". */
    label: string;
    selected?: string;
    onSelect?: (key: string) => void;
  },
) {
  return (
    <ul className={compact ? "stat-tiles stat-tiles--compact" : "stat-tiles"} aria-label={label}>
      {tiles.map((tile) => {
        const body = (
          <>
            <span className="stat-tile__count">{tile.count ?? "–"}</span>
            <span className="stat-tile__label">{tile.label}</span>
          </>
        );
        return (
          <li key={tile.key}>
            {onSelect
              ? (
                <button
                  type="button"
                  className={`stat-tile stat-tile--${tile.tone}`}
                  aria-pressed={selected === tile.key}
                  onClick={() => onSelect(tile.key)}
                >
                  {body}
                </button>
              )
              : <div className={`stat-tile stat-tile--${tile.tone}`}>{body}</div>}
          </li>
        );
      })}
    </ul>
  );
}
