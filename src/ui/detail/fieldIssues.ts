import type { Issue } from '../../core/model.ts';

/** Issues whose field path is `path` or lies inside it (`images.0` matches `images.0.loc`). */
export function issuesUnder(issues: readonly Issue[], path: string): Issue[] {
  const dotted = `${path}.`;
  return issues.filter((i) => i.field !== undefined && (i.field === path || i.field.startsWith(dotted)));
}

/** Issues whose field path is exactly `path`. */
export function issuesAt(issues: readonly Issue[], path: string): Issue[] {
  return issues.filter((i) => i.field === path);
}

/**
 * Issues under `path` that none of `childPaths` claims: shown at the block level (e.g. a missing
 * `<video:title>` has no row of its own, so it is shown on the video card).
 */
export function unclaimed(issues: readonly Issue[], path: string, childPaths: readonly string[]): Issue[] {
  return issuesUnder(issues, path).filter(
    (i) => !childPaths.some((c) => i.field === c || i.field!.startsWith(`${c}.`)),
  );
}

/** Worst severity of a list, for tab badges. */
export function worst(issues: readonly Issue[]): Issue['severity'] | undefined {
  if (issues.some((i) => i.severity === 'error')) return 'error';
  if (issues.some((i) => i.severity === 'warning')) return 'warning';
  return issues.length ? 'info' : undefined;
}
