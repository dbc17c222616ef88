import { useEffect, useState } from 'react';
import type { Bucket, Chart, FileSizeBucket } from '../../core/stats.ts';
import { buildCharts, type InsightsCharts, sameBucket } from '../../state/insightsCharts.ts';
import type { AppState } from '../../state/types.ts';
import { CrawlCard } from '../crawl/CrawlCard.tsx';
import { fmtBytes, fmtInt, plural } from '../format.ts';
import { useAppState, useCommands, useDerived } from '../useAppState.ts';
import { ChartCard } from './BarChart.tsx';
import './insights.css';

const selDoc = (s: AppState) => s.doc;
const selFilters = (s: AppState) => s.view.filters;
const selSearch = (s: AppState) => s.view.search;
const selValidation = (s: AppState) => s.validation;
const selFileName = (s: AppState) => s.fileName;

const SCALE_NOTE = { day: 'per day', month: 'per month', year: 'per year' } as const;

/**
 * Charts for the current view, recomputed shortly after the document or the view changes (not
 * during a burst of edits: each pass reads every entry).
 */
function useCharts(): { charts: InsightsCharts | null; stale: boolean } {
  const doc = useAppState(selDoc);
  const filters = useAppState(selFilters);
  const search = useAppState(selSearch);
  const validation = useAppState(selValidation);
  const fileName = useAppState(selFileName);
  const { size } = useDerived();
  const [state, setState] = useState<{ charts: InsightsCharts | null; key: unknown[] }>({
    charts: null,
    key: [],
  });
  const key = [doc, filters, search, validation, fileName];
  const fresh = state.key.length === key.length && state.key.every((k, i) => k === key[i]);
  useEffect(() => {
    if (!doc) return;
    const view = { sort: null, search, filters, hiddenColumns: [] };
    const delay = doc.entries.length > 50_000 ? 400 : 0;
    const t = setTimeout(() => {
      setState({
        charts: buildCharts(doc, view, validation.validator, fileName, size),
        key: [doc, filters, search, validation, fileName],
      });
    }, delay);
    return () => clearTimeout(t);
  }, [doc, filters, search, validation, fileName, size]);
  return { charts: state.charts, stale: !fresh };
}

function FileSizeCard({ chart }: { chart: Chart<FileSizeBucket> }) {
  return (
    <section className="chart-card" aria-label={chart.title}>
      <div className="chart-head">
        <h3>{chart.title}</h3>
      </div>
      {chart.buckets.map((b) => (
        <div key={b.label} className={b.over ? 'file-size over' : 'file-size'}>
          <div className="file-name" title={b.label}>
            {b.label}
          </div>
          <Meter label="Size" share={b.bytesShare} text={`${fmtBytes(b.value)} of 50 MB`} />
          <Meter label="URLs" share={b.urlsShare} text={`${fmtInt(b.urls)} of 50,000`} />
          {b.over ? <p className="chart-note">Over a limit: export splits it into several files.</p> : null}
        </div>
      ))}
      <p className="chart-note">Estimated size when exported as one uncompressed file.</p>
    </section>
  );
}

function Meter({ label, share, text }: { label: string; share: number; text: string }) {
  const pct = Math.round(share * 1000) / 10;
  return (
    <div className="meter-row">
      <span className="meter-label">{label}</span>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar that can also show "over the limit" */}
      <span
        className="meter"
        role="meter"
        aria-label={`${label} against the limit`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, pct)}
        aria-valuetext={`${text} (${pct}%)`}
      >
        <span
          className={share > 1 ? 'meter-fill over' : 'meter-fill'}
          style={{ width: `${Math.min(100, Math.max(0.5, pct))}%` }}
        />
      </span>
      <span className="meter-text">{text}</span>
    </div>
  );
}

/** Charts of the current view; clicking a bar filters the table to it (again: clears). */
export function ChartsPanel() {
  const { charts, stale } = useCharts();
  const commands = useCommands();
  const active = useAppState(selFilters).bucket;
  if (!charts) return <p className="empty-note">Drawing charts…</p>;
  const pick = (chart: Chart, b: Bucket) => {
    if (!b.filter) return;
    if (sameBucket(active?.filter, b.filter)) commands.setFilter({ bucket: undefined });
    else commands.setFilter({ bucket: { filter: b.filter, label: `${chart.title}: ${b.label}` } });
  };
  const card = (chart: Chart, extra?: Bucket[], shape?: 'rows' | 'columns', note?: string) => (
    <ChartCard
      chart={chart}
      extra={extra}
      active={active?.filter}
      onPick={(b) => pick(chart, b)}
      shape={shape}
      note={note}
    />
  );
  return (
    <div className={stale ? 'charts-panel stale' : 'charts-panel'} aria-busy={stale}>
      <div className="charts-head">
        <h2 className="visually-hidden">Charts</h2>
        <span className="count">{plural(charts.entries, 'URL')} in view</span>
      </div>
      <CrawlCard />
      {card(charts.lastmod, charts.lastmod.extra, 'columns', `URLs ${SCALE_NOTE[charts.lastmod.scale]}`)}
      {card(charts.folders)}
      {card(charts.changefreq)}
      {card(charts.priority)}
      {card(charts.rules)}
      <FileSizeCard chart={charts.files} />
    </div>
  );
}
