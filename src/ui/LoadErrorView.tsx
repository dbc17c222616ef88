import type { LoadError } from '../state/types.ts';
import { plural } from './format.ts';
import { useCommands } from './useAppState.ts';

/**
 * A file that is not well-formed: where it broke, the offending line, and a knowing way on; or one
 * the reader refused unread (a tar or gzip inside the gzip, over the GZ-006 limit): why, only.
 */
export function LoadErrorView({ error }: { error: LoadError }) {
  const commands = useCommands();
  const { line, column, message, excerpt, rule } = error.error;
  const ruleId = rule ? ` (${rule})` : '';
  if (error.refused)
    return (
      <section className="fatal" role="alert" aria-labelledby="fatal-title">
        <h2 id="fatal-title">{error.fileName} was not read</h2>
        <p>
          {message.replace(/\.$/, '')}
          {ruleId}.
        </p>
        <div className="empty-actions">
          <button type="button" className="btn" onClick={() => commands.dismissLoadError()}>
            Dismiss
          </button>
        </div>
      </section>
    );
  return (
    <section className="fatal" role="alert" aria-labelledby="fatal-title">
      <h2 id="fatal-title">{error.fileName} could not be read completely</h2>
      <p>
        {message} at line {line}, column {column}
        {ruleId}.
      </p>
      {excerpt ? (
        <pre>
          <code>
            {line}: {excerpt}
            {'\n'}
            {' '.repeat(String(line).length + 2 + Math.max(0, column - 1))}^
          </code>
        </pre>
      ) : null}
      {error.partialEntries > 0 ? (
        <p className="hint">
          Everything before this point was read: {plural(error.partialEntries, 'entry', 'entries')}. Opening
          that part means anything after the error is missing from the document and from any export.
        </p>
      ) : (
        <p className="hint">
          No entry could be read before this point, so there is nothing to open. Check that the file is
          complete (a download cut short, a wrong file) and drop it again.
        </p>
      )}
      <div className="empty-actions">
        {error.partialEntries > 0 ? (
          <button type="button" className="btn primary" onClick={() => commands.openPartial()}>
            Open the {plural(error.partialEntries, 'entry', 'entries')} read before the error
          </button>
        ) : null}
        <button type="button" className="btn" onClick={() => commands.dismissLoadError()}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
