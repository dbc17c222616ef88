/**
 * Issue #18's non-ASCII rows alone, interleaved (bench/paired.ts): parse and serialize of the
 * 50k ASCII and non-ASCII bench inputs, CPU medians and per-round ratios.
 * Run: `npx tsx bench/intl-dev.ts [parse|serialize] [rounds]`.
 */
import { parseSitemap } from '../src/core/parse.ts';
import { serializeSitemap } from '../src/core/serialize.ts';
import { benchInputs } from './generate.ts';
import { formatRatio, interleaved, medianOf, pairRatio, type Series } from './paired.ts';

const kind = process.argv[2] ?? 'parse';
const rounds = Number(process.argv[3] ?? 9);
const [ascii, intl] = benchInputs();
const run =
  kind === 'parse'
    ? (x: typeof ascii) => () => parseSitemap(x.bytes)
    : (x: typeof ascii) => () => serializeSitemap(x.doc);
const got = await interleaved(
  [
    { name: 'ascii', fn: run(ascii) },
    { name: 'intl', fn: run(intl) },
  ],
  rounds,
);
const a = got.get('ascii') as Series;
const i = got.get('intl') as Series;
console.log(
  `${kind}: ascii ${medianOf(a.cpu).toFixed(1)} ms, non-ASCII ${medianOf(i.cpu).toFixed(1)} ms, ratio ${formatRatio(pairRatio(a, i), '')}`,
);
