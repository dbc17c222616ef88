/** Charts of the document (placeholder until the charts land). */
export function ChartsPanel() {
  return <p className="empty-note">Charts are coming.</p>;
}
