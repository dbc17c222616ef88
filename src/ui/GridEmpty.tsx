import { useCommands } from './useAppState.ts';

/** What an empty grid says: nothing matches the filters, or the sitemap has no URLs yet. */
export function GridEmpty({ hasEntries }: { hasEntries: boolean }) {
  const commands = useCommands();
  return (
    <div className="grid-empty">
      {hasEntries ? (
        <>
          <p>No rows match the search and filters.</p>
          <button type="button" className="btn" onClick={() => commands.clearFilters()}>
            Clear search and filters
          </button>
        </>
      ) : (
        <>
          <p>This sitemap has no URLs yet. Paste a list of URLs with Ctrl+V, or add a row.</p>
          <button type="button" className="btn" onClick={() => commands.insertRows(0, 1)}>
            Add a row
          </button>
        </>
      )}
    </div>
  );
}
