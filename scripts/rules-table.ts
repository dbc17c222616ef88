/**
 * Generates the README rule table from the rule registry (src/core/rules/registry.ts).
 *
 *   npx tsx scripts/rules-table.ts          # print the table
 *   npx tsx scripts/rules-table.ts --write  # rewrite README.md between the markers
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILE_NAMES } from '../src/core/rules/profile.ts';
import { RULES, type RuleInfo } from '../src/core/rules/registry.ts';

export const START = '<!-- rules:start -->';
export const END = '<!-- rules:end -->';

const STAGE: Record<RuleInfo['stage'], string> = {
  parse: 'parser',
  validate: 'validator',
  export: 'export',
  'not-checked': 'not checked',
};

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The markdown between the markers (without them). @example renderRulesTable().startsWith('\n') */
export function renderRulesTable(): string {
  const counts = new Map<string, number>();
  for (const r of RULES) counts.set(r.stage, (counts.get(r.stage) ?? 0) + 1);
  const summary = [...counts].map(([stage, n]) => `${n} ${STAGE[stage as RuleInfo['stage']]}`).join(', ');
  const lines = [
    '',
    `Generated from \`src/core/rules/registry.ts\` by \`npm run rules:table\`; do not edit by hand. ${RULES.length} rules: ${summary}; ${RULES.filter((r) => r.fixable).length} with an automatic fix.`,
    '',
    `Profile: the severity profile that reports the rule on every row. *All* rules are reported under both profiles; *Strict (XSD)* rules are one file-level note per rule under the default *${PROFILE_NAMES.search}* profile (Settings → Severity profile).`,
    '',
    '| ID | Rule | Severity | Profile | Checked | Auto-fix |',
    '| --- | --- | --- | --- | --- | --- |',
    ...RULES.map((r) => {
      const checked = r.reason ? `${STAGE[r.stage]} (${r.reason})` : STAGE[r.stage];
      const profile = r.profile === 'strict' ? PROFILE_NAMES.strict : 'All';
      return `| ${r.id} | ${cell(r.title)} | ${r.severity} | ${profile} | ${cell(checked)} | ${r.fixable ? 'yes' : ''} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** README text with the table replaced (or a `## Validation rules` section appended). */
export function withRulesTable(readme: string): string {
  const table = renderRulesTable();
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start >= 0 && end > start) return readme.slice(0, start + START.length) + table + readme.slice(end);
  const sep = readme.endsWith('\n') ? '\n' : '\n\n';
  return `${readme}${sep}## Validation rules\n\n${START}${table}${END}\n`;
}

const readmePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../README.md');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv.includes('--write')) {
    writeFileSync(readmePath, withRulesTable(readFileSync(readmePath, 'utf8')));
    console.log(`README.md rule table updated (${RULES.length} rules)`);
  } else {
    process.stdout.write(renderRulesTable());
  }
}
