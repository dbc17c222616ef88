import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ALL_COLUMNS, type ColumnId, CRAWL_COLUMNS, visibleColumns } from '../state/columns.ts';
import { createAppStore } from '../state/store.ts';
import { fakeClient } from '../state/testing.ts';
import { type GridTable, gridTemplate, useGridTable } from './columnDefs.ts';
import { GridHeader, resizeByKey } from './GridHeader.tsx';
import { StoreContext } from './useAppState.ts';

/** Renders the grid's column model once and hands out what the grid would use. */
function model(hidden: readonly ColumnId[]) {
  const out: { table?: GridTable; columns?: ColumnId[]; template?: string } = {};
  function Probe() {
    Object.assign(out, useGridTable(hidden));
    return null;
  }
  renderToStaticMarkup(<Probe />);
  if (!out.table || !out.columns || out.template === undefined) throw new Error('no table');
  return { table: out.table, columns: out.columns, template: out.template };
}

function header(hidden: readonly ColumnId[]): string {
  const store = createAppStore({ worker: fakeClient(), now: () => 0 });
  function Head() {
    const { table } = useGridTable(hidden);
    return (
      <table>
        <GridHeader table={table} />
      </table>
    );
  }
  return renderToStaticMarkup(
    <StoreContext.Provider value={store}>
      <Head />
    </StoreContext.Provider>,
  );
}

describe('grid column model (TanStack Table)', () => {
  it('shows the same columns, in the same order, as the store indexes selections by', () => {
    const cases: ColumnId[][] = [
      [],
      ['images', 'videos', 'news'],
      ['row', 'issues'],
      ['lastmod', 'alternates'],
    ];
    for (const hidden of cases) expect(model(hidden).columns).toEqual(visibleColumns(hidden));
  });

  it('lays the columns out at their default widths, the URL column taking the spare room', () => {
    // The crawl columns are hidden while no crawl is attached (the store's default view).
    const { template } = model(['images', 'videos', 'news', 'alternates', 'issues', ...CRAWL_COLUMNS]);
    // Last modified grows to a full date-time (236px) before the URL column takes what is left;
    // in a narrow pane the URL column gives up room (down to 160px) so the others fit beside it.
    expect(template).toBe(
      '64px minmax(clamp(160px, 100cqi - 396px, 340px), 1fr) minmax(124px, 236px) 136px 72px',
    );
  });

  it('resizes a column from the keyboard within its limits; the row column does not resize', () => {
    const { table } = model([...CRAWL_COLUMNS]);
    resizeByKey(table, 'priority', 'ArrowRight');
    resizeByKey(table, 'lastmod', 'ArrowLeft');
    resizeByKey(table, 'row', 'ArrowRight');
    const template = () => gridTemplate(table.getVisibleLeafColumns());
    expect(template()).toBe(
      '64px minmax(clamp(160px, 100cqi - 818px, 340px), 1fr) 108px 136px 88px 70px 70px 60px 90px 132px',
    );
    for (let i = 0; i < 10; i++) resizeByKey(table, 'priority', 'ArrowLeft');
    for (let i = 0; i < 60; i++) resizeByKey(table, 'loc', 'ArrowRight');
    expect(template()).toBe('64px minmax(1200px, 1fr) 108px 136px 60px 70px 70px 60px 90px 132px');
  });

  it('renders one labelled columnheader per visible column, with a resize handle on resizable ones', () => {
    const html = header(['news']);
    const heads = html.match(/<th [^>]*>/g) ?? [];
    expect(heads).toHaveLength(ALL_COLUMNS.length - 1);
    expect(heads.map((th) => th.match(/data-column="(\w+)"/)?.[1])).toEqual(visibleColumns(['news']));
    expect(heads.at(-1)).toContain(`aria-colindex="${ALL_COLUMNS.length - 1}"`);
    expect(html).toContain('aria-label="Last modified"');
    expect(html).toContain('<span class="visually-hidden">Row</span>');
    expect(html.match(/class="col-resizer"/g)).toHaveLength(ALL_COLUMNS.length - 2);
  });

  it('says in the URL header’s tooltip how URLs sort: by character code, case first', () => {
    const html = header([]);
    expect(html).toContain(
      'title="Sort by URL, character by character: case matters, uppercase before lowercase (/B, /Z, /a, /b), as servers compare paths"',
    );
    expect(html).toContain('title="Sort by priority"');
  });
});
