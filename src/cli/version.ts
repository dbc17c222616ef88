/** The package version, for `--version` and the SARIF tool entry (bundled into the compiled CLI). */
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
