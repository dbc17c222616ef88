import { type ReactNode, useId, useState } from 'react';
import type { Bucket, BucketFilter, Chart } from '../../core/stats.ts';
import { sameBucket } from '../../state/insightsCharts.ts';
import { fmtInt } from '../format.ts';

export interface ChartProps {
  chart: Chart;
  /** Extra buckets shown after the main ones (e.g. "No lastmod"). */
  extra?: Bucket[];
  /** The table's current chart filter, to mark its bar. */
  active: BucketFilter | undefined;
  /** A bar was clicked (its filter is non-null). */
  onPick(bucket: Bucket): void;
  /** `columns` draws a time axis (vertical bars); `rows` labelled horizontal bars. */
  shape?: 'rows' | 'columns';
  note?: ReactNode;
}

function barLabel(chart: Chart, b: Bucket, active: boolean): string {
  const unit = b.value === 1 ? chart.unit.replace(/s$/, '') : chart.unit;
  const what = `${b.label}: ${fmtInt(b.value)} ${unit}`;
  if (!b.filter) return what;
  return active ? `${what}. Showing these rows; activate to clear` : `${what}. Show these rows`;
}

function Rows({ chart, active, onPick }: Pick<ChartProps, 'chart' | 'active' | 'onPick'>) {
  const max = Math.max(1, ...chart.buckets.map((b) => b.value));
  return (
    <div className="bars">
      {chart.buckets.map((b) => {
        const on = sameBucket(active, b.filter);
        const width = `${Math.max(0.5, (b.value / max) * 100)}%`;
        const body = (
          <>
            <span className="bar-label" title={b.label}>
              {b.detail ? <span className={`sev ${b.detail}`} aria-hidden="true" /> : null}
              {b.label}
            </span>
            <span className="bar-track" aria-hidden="true">
              <span className={`bar-fill${b.detail ? ` ${b.detail}` : ''}`} style={{ width }} />
            </span>
            <span className="bar-value">{fmtInt(b.value)}</span>
          </>
        );
        return b.filter ? (
          <button
            key={b.label}
            type="button"
            className={on ? 'bar-row active' : 'bar-row'}
            aria-pressed={on}
            aria-label={barLabel(chart, b, on)}
            onClick={() => onPick(b)}
          >
            {body}
          </button>
        ) : (
          <div key={b.label} className="bar-row static">
            {body}
          </div>
        );
      })}
    </div>
  );
}

function Columns({ chart, active, onPick }: Pick<ChartProps, 'chart' | 'active' | 'onPick'>) {
  const max = Math.max(1, ...chart.buckets.map((b) => b.value));
  const first = chart.buckets[0];
  const last = chart.buckets[chart.buckets.length - 1];
  return (
    <div className="columns-chart">
      <div className="columns">
        {chart.buckets.map((b) => {
          const on = sameBucket(active, b.filter);
          return (
            <button
              key={b.label}
              type="button"
              className={on ? 'column active' : 'column'}
              aria-pressed={on}
              aria-label={barLabel(chart, b, on)}
              title={`${b.label}: ${fmtInt(b.value)}`}
              onClick={() => onPick(b)}
            >
              <span style={{ height: `${b.value === 0 ? 0 : Math.max(2, (b.value / max) * 100)}%` }} />
            </button>
          );
        })}
      </div>
      <div className="columns-axis" aria-hidden="true">
        <span>{first?.label}</span>
        <span>{chart.buckets.length > 1 ? last?.label : ''}</span>
      </div>
    </div>
  );
}

function DataTable({ chart, extra }: { chart: Chart; extra: Bucket[] }) {
  const rows = [...chart.buckets, ...extra];
  const hasDetail = rows.some((b) => b.detail);
  return (
    <table className="chart-table">
      <caption className="visually-hidden">{chart.title}</caption>
      <thead>
        <tr>
          <th scope="col">{chart.unit === 'issues' ? 'Rule' : 'Value'}</th>
          {hasDetail ? <th scope="col">Detail</th> : null}
          <th scope="col" className="num">
            {chart.unit}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.label}>
            <th scope="row">{b.label}</th>
            {hasDetail ? <td>{b.detail}</td> : null}
            <td className="num">{fmtInt(b.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One chart card: title, bars (buttons that filter the table) or the same data as a table. */
export function ChartCard({ chart, extra = [], active, onPick, shape = 'rows', note }: ChartProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const empty = chart.buckets.length === 0 && extra.length === 0;
  return (
    <section className="chart-card" aria-labelledby={titleId}>
      <div className="chart-head">
        <h3 id={titleId}>{chart.title}</h3>
        {empty ? null : (
          <button
            type="button"
            className="btn ghost small"
            aria-pressed={asTable}
            aria-label={`Show ${chart.title} as a table`}
            onClick={() => setAsTable(!asTable)}
          >
            Table
          </button>
        )}
      </div>
      {note ? <p className="chart-note">{note}</p> : null}
      {empty ? (
        <p className="chart-note">Nothing to show.</p>
      ) : asTable ? (
        <DataTable chart={chart} extra={extra} />
      ) : (
        <>
          {chart.buckets.length > 0 ? (
            shape === 'columns' ? (
              <Columns chart={chart} active={active} onPick={onPick} />
            ) : (
              <Rows chart={chart} active={active} onPick={onPick} />
            )
          ) : null}
          {extra.length > 0 ? (
            <Rows chart={{ ...chart, buckets: extra }} active={active} onPick={onPick} />
          ) : null}
        </>
      )}
    </section>
  );
}
