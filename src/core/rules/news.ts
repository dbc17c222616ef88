/** NEWS rules (SITEMAP-RULES.md 6.14) on `entry.news`. NEWS-001 comes from the parser; NEWS-004/008 are also document-level. */
import type { XNode } from '../model.ts';
import { trimValue } from '../urls.ts';
import { parseW3cDate } from '../w3cDate.ts';
import { firstOutOfOrder, NEWS_CHILD_ORDER } from '../xsdOrder.ts';
import { type EntryCtx, report, show } from './common.ts';

const TWO_DAYS = 48 * 3_600_000;
const LANGUAGE = /^(zh-cn|zh-tw|[a-z]{2,3})$/;
const ORDER = NEWS_CHILD_ORDER;
const GENRES = new Set(['PressRelease', 'Satire', 'Blog', 'OpEd', 'Opinion', 'UserGenerated']);
const DATE_LIKE =
  /\b(19|20)\d{2}-\d{2}-\d{2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (19|20)\d{2}\b/i;

const find = (nodes: readonly XNode[], name: string): XNode[] => nodes.filter((n) => n.name === name);

function checkPublication(ctx: EntryCtx, nodes: readonly XNode[], f: string): string | null {
  const pubs = find(nodes, 'publication');
  if (pubs.length !== 1) {
    report(
      ctx,
      'NEWS-003',
      'error',
      pubs.length === 0
        ? 'Missing publication tag: add <news:publication> with <news:name> and <news:language>.'
        : 'More than one <news:publication>; keep one.',
      `${f}.publication`,
    );
    return null;
  }
  const kids = pubs[0].children ?? [];
  const names = find(kids, 'name');
  const langs = find(kids, 'language');
  const name = names.length === 1 ? trimValue(names[0].text) : '';
  if (name === '')
    report(
      ctx,
      'NEWS-003',
      'error',
      'Missing publication name: <news:name> must hold the name shown in Google News.',
      `${f}.publication.name`,
    );
  else if (/\([^)]*\)\s*$/.test(name)) {
    report(
      ctx,
      'NEWS-008',
      'warning',
      `Publication name ${show(name)} ends with a parenthetical; use the exact name shown in Google News without it.`,
      `${f}.publication.name`,
    );
  }
  const lang = langs.length === 1 ? trimValue(langs[0].text) : '';
  if (lang === '')
    report(
      ctx,
      'NEWS-003',
      'error',
      'Missing publication language: add <news:language> (for example en).',
      `${f}.publication.language`,
    );
  else if (!LANGUAGE.test(lang)) {
    report(
      ctx,
      'NEWS-005',
      'error',
      `Invalid language ${show(lang)}: use a lowercase ISO 639 code such as “${lang.slice(0, 2).toLowerCase()}”, or zh-cn / zh-tw.`,
      `${f}.publication.language`,
    );
  }
  if (kids.length === 2 && kids[0].name !== 'name')
    report(
      ctx,
      'NEWS-011',
      'warning',
      'Inside <news:publication>, <news:name> must come before <news:language> (schema order).',
      `${f}.publication`,
    );
  return name || null;
}

function checkDate(ctx: EntryCtx, nodes: readonly XNode[], f: string): void {
  const dates = find(nodes, 'publication_date');
  const v = dates.length === 1 ? trimValue(dates[0].text) : '';
  if (v === '') {
    report(
      ctx,
      'NEWS-003',
      'error',
      'Missing <news:publication_date>: add the article’s original publication time.',
      `${f}.publication_date`,
    );
    return;
  }
  const d = parseW3cDate(v);
  if (!d.ok || d.precision === 'year' || d.precision === 'month') {
    report(
      ctx,
      'NEWS-006',
      'error',
      `Invalid date: ${show(v)}; use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm.`,
      `${f}.publication_date`,
    );
  } else if (d.earliestMs < ctx.settings.now - TWO_DAYS) {
    report(
      ctx,
      'NEWS-007',
      'warning',
      `Article published ${show(v)} is older than two days; Google News only wants recent articles. Remove it or its news block.`,
      `${f}.publication_date`,
    );
  }
}

function checkTitle(ctx: EntryCtx, nodes: readonly XNode[], f: string, name: string | null): void {
  const titles = find(nodes, 'title');
  const t = titles.length === 1 ? trimValue(titles[0].text) : '';
  if (t === '') {
    report(ctx, 'NEWS-003', 'error', 'Missing <news:title>: add the article headline.', `${f}.title`);
    return;
  }
  if ((name && t.toLowerCase().includes(name.toLowerCase())) || DATE_LIKE.test(t)) {
    report(
      ctx,
      'NEWS-009',
      'info',
      `Title ${show(t)} seems to include the publication name or a date; use the headline only.`,
      `${f}.title`,
    );
  }
}

function checkLegacy(ctx: EntryCtx, nodes: readonly XNode[], f: string): void {
  for (const n of nodes) {
    const v = trimValue(n.text);
    let bad = false;
    if (n.name === 'access') bad = v !== 'Subscription' && v !== 'Registration';
    else if (n.name === 'genres') bad = v.split(',').some((g) => !GENRES.has(g.trim()));
    else if (n.name === 'stock_tickers') {
      const list = v.split(',').map((s) => s.trim());
      bad = list.length > 5 || list.some((s) => !/^[A-Za-z]+:[A-Za-z0-9.-]+$/.test(s));
    } else if (n.name !== 'keywords') continue;
    const msg = bad
      ? `Legacy tag <news:${n.name}> has a value the schema rejects (${show(v)}); remove it.`
      : `<news:${n.name}> is no longer in Google's documentation; it is harmless but can be removed.`;
    report(ctx, 'NEWS-010', bad ? 'warning' : 'info', msg, `${f}.${n.name}`);
  }
}

function checkOrder(ctx: EntryCtx, nodes: readonly XNode[], f: string): void {
  const n = firstOutOfOrder(nodes, ORDER);
  if (n === null) return;
  report(
    ctx,
    'NEWS-011',
    'warning',
    `<news:${n.name}> is out of schema order (publication, publication_date, title…); export fixes the order.`,
    `${f}.${n.name}`,
  );
}

/**
 * Checks the entry's news blocks. Returns the block count and the first publication name.
 *
 * @example checkNews(ctx) // language 'en-US' → NEWS-005
 */
export function checkNews(ctx: EntryCtx): { count: number; name: string | null } {
  const news = ctx.entry.news!;
  if (news.length > 1)
    report(ctx, 'NEWS-002', 'error', `${news.length} <news:news> blocks in one entry; keep one.`, 'news.1');
  let first: string | null = null;
  for (let i = 0; i < news.length; i++) {
    const f = `news.${i}`;
    const nodes = news[i].nodes;
    const name = checkPublication(ctx, nodes, f);
    if (i === 0) first = name;
    checkDate(ctx, nodes, f);
    checkTitle(ctx, nodes, f, name);
    checkLegacy(ctx, nodes, f);
    checkOrder(ctx, nodes, f);
  }
  return { count: news.length, name: first };
}
